// A labelled form control with its hint and error, as the public forms (contact, job application)
// lay them out: the error under the field, tied to it with aria-describedby.
import type { ReactNode } from 'react';
import './FormField.css';

/** The accessibility attributes of a control: required, invalid, described by its hint and error. */
export function fieldProps(id: string, error: string | undefined, { hint = false, required = true } = {}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    className: 'input',
    // The label's asterisk is hidden from screen readers; this tells them "required" instead.
    'aria-required': required ? true : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described === '' ? undefined : described,
  } as const;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: string;
  children: ReactNode;
}

export function Field({ id, label, required = false, error, hint, children }: FieldProps) {
  return (
    <div className="form__field">
      <label className="form__label" htmlFor={id}>
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

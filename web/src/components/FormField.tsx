// A labelled form control with its hint and error, as the public forms (contact, job application)
// lay them out: the error under the field, tied to it with aria-describedby.
import type { ReactNode } from 'react';
import { formatPhone, PHONE_HINT } from '../lib/validation';
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

/** Class names a form gives its field's parts in place of the shared ones, so it keeps its look. */
export interface FieldClasses {
  /** Added to the wrapper, e.g. to span a grid. */
  field?: string;
  hint?: string;
  error?: string;
}

interface FieldProps {
  id: string;
  /** Text, or text with a part only screen readers hear. */
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: string;
  classes?: FieldClasses;
  children: ReactNode;
}

export function Field({ id, label, required = false, error, hint, classes = {}, children }: FieldProps) {
  return (
    <div className={classes.field ? `form__field ${classes.field}` : 'form__field'}>
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
        <p id={`${id}-hint`} className={classes.hint ?? 'form-field__hint'}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={classes.error ?? 'form-field__error'}>
          {error}
        </p>
      )}
    </div>
  );
}

interface SelectProps<T extends string> {
  id: string;
  label: ReactNode;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  /** A first choice with the empty value ('Selecciona…', 'Todos'); only where the value may be ''. */
  placeholder?: '' extends T ? string : never;
  required?: boolean;
  error?: string;
  onBlur?: () => void;
  disabled?: boolean;
  /** The select's own class, where a form sizes it differently (the public forms' row height). */
  className?: string;
  classes?: FieldClasses;
}

/** A labelled drop-down of one choice out of a list, with its error under it like every field. */
export function Select<T extends string>({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
  required = false,
  error,
  onBlur,
  disabled,
  className = 'input',
  classes,
}: SelectProps<T>) {
  return (
    <Field id={id} label={label} required={required} error={error} classes={classes}>
      <select
        {...fieldProps(id, error, { required })}
        className={className}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as T)}
        onBlur={onBlur}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type PersonField = 'name' | 'email' | 'phone';

interface PersonFieldsProps {
  ids: Record<PersonField, string>;
  values: Record<PersonField, string>;
  errors: Partial<Record<PersonField, string>>;
  onChange: (field: PersonField, value: string) => void;
  onBlur: (field: PersonField) => () => void;
}

/** Who is writing: full name, email and phone (§5 rules), as every public form asks for them. */
export function PersonFields({ ids, values, errors, onChange, onBlur }: PersonFieldsProps) {
  return (
    <>
      <Field id={ids.name} label="Nombre completo" required error={errors.name}>
        <input
          {...fieldProps(ids.name, errors.name)}
          autoComplete="name"
          value={values.name}
          onChange={(e) => onChange('name', e.target.value)}
          onBlur={onBlur('name')}
        />
      </Field>
      <Field id={ids.email} label="Email" required error={errors.email}>
        <input
          {...fieldProps(ids.email, errors.email)}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => onChange('email', e.target.value)}
          onBlur={onBlur('email')}
        />
      </Field>
      <Field id={ids.phone} label="Teléfono" required error={errors.phone} hint={PHONE_HINT}>
        <input
          {...fieldProps(ids.phone, errors.phone, { hint: true })}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(e) => onChange('phone', formatPhone(e.target.value))}
          onBlur={onBlur('phone')}
        />
      </Field>
    </>
  );
}

/** The class names a form gives its radio group, so each keeps its look. */
export interface RadioGroupClasses {
  fieldset: string;
  legend?: string;
  options: string;
  option: string;
  /** Added to the option that is checked. */
  checked?: string;
}

interface RadioGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
  classes: RadioGroupClasses;
  /** Shown under the options and describing the group, like a field's error. */
  error?: string;
}

/** One choice out of a few, shown all at once: a fieldset of radio buttons under its legend. */
export function RadioGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  disabled,
  classes,
  error,
}: RadioGroupProps<T>) {
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={classes.fieldset}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.options}>
        {options.map((o) => (
          <label
            key={o.value}
            className={o.value === value && classes.checked ? `${classes.option} ${classes.checked}` : classes.option}
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={o.value === value}
              disabled={disabled}
              onChange={() => onChange(o.value)}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

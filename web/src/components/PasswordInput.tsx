import { useState, type ChangeEvent } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import './PasswordInput.css';

interface PasswordInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the hint and error texts that describe the field. */
  describedBy?: string;
  onBlur?: () => void;
}

/** A password field with the show/hide toggle that both login screens use (§2). */
export function PasswordInput({
  id,
  value,
  onChange,
  placeholder,
  autoComplete = 'current-password',
  disabled,
  invalid,
  describedBy,
  onBlur,
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input
        id={id}
        className="input password-input__field"
        type={visible ? 'text' : 'password'}
        value={value}
        placeholder={placeholder}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onBlur={onBlur}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.value)}
      />
      <button
        type="button"
        className="password-input__toggle"
        aria-label={visible ? 'Ocultar contraseña' : 'Mostrar contraseña'}
        aria-controls={id}
        onClick={() => setVisible((v) => !v)}
        disabled={disabled}
      >
        {visible ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}

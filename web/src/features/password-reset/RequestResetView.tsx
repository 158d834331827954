import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { HeadsetIcon, MailIcon } from '../../components/icons';
import { forgotPassword } from '../../lib/api';
import { isValidEmail } from '../../lib/validation';
import { forgotPasswordError, RECOVERY_MESSAGES, thrownError } from './messages';

/** §4 'Forgot password': form, then success or error; 'try again' returns to an empty form. */
type View = { kind: 'form' } | { kind: 'success'; email: string } | { kind: 'error'; message: string };

/** The link's lifetime as the reset email states it (the server's token expiry). */
export const LINK_LIFETIME_TEXT = '1 hora';

interface RequestResetViewProps {
  /** Focus the email field at once: the user asked for this form (e.g. after a dead link). */
  focusOnMount?: boolean;
}

export function RequestResetView({ focusOnMount = false }: RequestResetViewProps) {
  const [view, setView] = useState<View>({ kind: 'form' });
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const shownView = useRef<View | null>(null);

  // A screen reader hears nothing when one view replaces another; moving focus to the new
  // heading announces it. Not when the page opens (unless asked): focus must not jump on load.
  useEffect(() => {
    const previous = shownView.current;
    if (previous === view) return;
    shownView.current = view;
    if (previous === null && !focusOnMount) return;
    if (view.kind === 'form') emailRef.current?.focus();
    else headingRef.current?.focus();
  }, [view, focusOnMount]);

  const tryAgain = () => {
    setEmail('');
    setFieldError(null);
    setView({ kind: 'form' });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const normalized = email.trim().toLowerCase();
    if (!isValidEmail(normalized)) {
      setFieldError(RECOVERY_MESSAGES.invalidEmail);
      emailRef.current?.focus();
      return;
    }

    setFieldError(null);
    setSubmitting(true);
    try {
      const response = await forgotPassword(normalized);
      const message = forgotPasswordError(response);
      setView(message === null ? { kind: 'success', email: normalized } : { kind: 'error', message });
    } catch (error) {
      setView({ kind: 'error', message: thrownError(error) });
    } finally {
      setSubmitting(false);
    }
  };

  if (view.kind === 'success') {
    return (
      <div className="recovery__card recovery__card--success">
        <span className="outcome-badge outcome-badge--success" aria-hidden="true">
          <MailIcon width={28} height={28} />
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="recovery__title">
          Revisa tu correo
        </h1>
        <p className="recovery__text">
          Hemos enviado un enlace para restablecer tu contraseña a <strong>{view.email}</strong>.
        </p>
        <p className="recovery__text">
          El enlace caduca en {LINK_LIFETIME_TEXT}. Si no lo ves en unos minutos, revisa la carpeta de spam.
        </p>
        <div className="recovery__actions">
          <Link to="/" className="button button--primary button--block">
            Volver al inicio
          </Link>
          <p className="recovery__hint">¿No te ha llegado o has escrito otro email?</p>
          <button type="button" className="button button--ghost button--block" onClick={tryAgain}>
            Intentar de nuevo
          </button>
        </div>
      </div>
    );
  }

  if (view.kind === 'error') {
    return (
      <div className="recovery__card recovery__card--error">
        <span className="outcome-badge outcome-badge--error" aria-hidden="true">
          !
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="recovery__title">
          No hemos podido enviar el enlace
        </h1>
        <p className="form__error" role="alert">
          {view.message}
        </p>
        <div className="recovery__actions">
          <button type="button" className="button button--primary button--block" onClick={tryAgain}>
            Intentar de nuevo
          </button>
          <Link to="/contacto" className="button button--ghost button--block">
            <HeadsetIcon width={18} height={18} />
            Contactar con soporte
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="recovery__card">
      <h1 ref={headingRef} tabIndex={-1} className="recovery__title">
        ¿Olvidaste tu contraseña?
      </h1>
      <p className="recovery__text">
        Escribe el email de tu cuenta y te enviaremos un enlace para crear una contraseña nueva.
      </p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <div className="form__field">
          <label className="form__label" htmlFor="recovery-email">
            Email
          </label>
          <input
            ref={emailRef}
            id="recovery-email"
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="tu@email.com"
            value={email}
            disabled={submitting}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'recovery-email-error' : undefined}
            onChange={(e) => {
              setEmail(e.target.value);
              if (fieldError) setFieldError(null);
            }}
          />
          {fieldError && (
            <p id="recovery-email-error" className="form__error" role="alert">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? 'Enviando...' : 'Enviar enlace'}
        </button>
      </form>
      <p className="recovery__footer">
        <Link to="/">Volver al inicio</Link>
      </p>
    </div>
  );
}

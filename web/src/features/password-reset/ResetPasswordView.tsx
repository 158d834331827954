import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { LockIcon } from '../../components/icons';
import { PasswordInput } from '../../components/PasswordInput';
import { checkResetToken, resetPassword } from '../../lib/api';
import { validatePassword, validatePasswordMatch } from '../../lib/validation';
import { useLoginModalStore } from '../../lib/useLoginModalStore';
import { RECOVERY_MESSAGES, resetPasswordError, thrownError } from './messages';
import { StrengthMeter } from '../../components/StrengthMeter';

type View =
  | { kind: 'checking' }
  /** `canRetry`: the check never got an answer, so the same link may still work. */
  | { kind: 'invalid'; message: string; canRetry: boolean }
  | { kind: 'form'; email: string }
  | { kind: 'success' };

interface ResetPasswordViewProps {
  token: string;
  /** Leaves the link behind for the request form (to ask for a new link). */
  onRequestNew: () => void;
}

export interface ResetFormErrors {
  password: string | null;
  confirmation: string | null;
}

/** §5 'Registration password' applied to the reset form; both null when it may be sent. */
export function validateResetForm(password: string, confirmation: string): ResetFormErrors {
  return {
    password: validatePassword(password),
    confirmation: validatePasswordMatch(password, confirmation),
  };
}

export function ResetPasswordView({ token, onRequestNew }: ResetPasswordViewProps) {
  const [view, setView] = useState<View>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let cancelled = false;
    setView({ kind: 'checking' });
    checkResetToken(token)
      .then((response) => {
        if (cancelled) return;
        const email = response.body?.email;
        if (response.ok && response.body?.success && email) {
          setView({ kind: 'form', email });
          return;
        }
        const message =
          response.status === 500
            ? RECOVERY_MESSAGES.server
            : typeof response.body?.error === 'string' && response.body.error.trim() !== ''
              ? response.body.error
              : RECOVERY_MESSAGES.invalidLink;
        setView({ kind: 'invalid', message, canRetry: response.status >= 500 });
      })
      .catch((error: unknown) => {
        if (!cancelled) setView({ kind: 'invalid', message: thrownError(error), canRetry: true });
      });
    return () => {
      cancelled = true;
    };
  }, [token, attempt]);

  // Announces each new view (see RequestResetView); the form moves focus to its own field.
  useEffect(() => {
    if (view.kind === 'invalid' || view.kind === 'success') headingRef.current?.focus();
  }, [view.kind]);

  if (view.kind === 'checking') {
    return (
      <div className="recovery__card recovery__card--center" role="status">
        <span className="recovery__spinner" aria-hidden="true" />
        <p className="recovery__text">Comprobando el enlace...</p>
      </div>
    );
  }

  if (view.kind === 'invalid') {
    return (
      <div className="recovery__card recovery__card--error">
        <span className="outcome-badge outcome-badge--error" aria-hidden="true">
          !
        </span>
        <h1 ref={headingRef} tabIndex={-1} className="recovery__title">
          Enlace no válido
        </h1>
        <p className="form__error" role="alert">
          {view.message}
        </p>
        <div className="recovery__actions">
          {view.canRetry && (
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => setAttempt((n) => n + 1)}
            >
              Reintentar
            </button>
          )}
          <button
            type="button"
            className={`button button--block ${view.canRetry ? 'button--ghost' : 'button--primary'}`}
            onClick={onRequestNew}
          >
            Solicitar un nuevo enlace
          </button>
        </div>
      </div>
    );
  }

  if (view.kind === 'success') return <ResetSuccess headingRef={headingRef} />;

  return <ResetForm token={token} email={view.email} onDone={() => setView({ kind: 'success' })} />;
}

function ResetSuccess({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const openLoginModal = useLoginModalStore((s) => s.openLoginModal);
  return (
    <div className="recovery__card recovery__card--success">
      <span className="outcome-badge outcome-badge--success" aria-hidden="true">
        <LockIcon width={28} height={28} />
      </span>
      <h1 ref={headingRef} tabIndex={-1} className="recovery__title">
        Contraseña actualizada
      </h1>
      <p className="recovery__text">
        Ya puedes iniciar sesión con tu nueva contraseña. Por seguridad, hemos cerrado las sesiones que tenías abiertas
        en otros dispositivos.
      </p>
      <div className="recovery__actions">
        <button type="button" className="button button--primary button--block" onClick={openLoginModal}>
          Iniciar sesión
        </button>
        <Link to="/" className="button button--ghost button--block">
          Volver al inicio
        </Link>
      </div>
    </div>
  );
}

interface ResetFormProps {
  token: string;
  email: string;
  onDone: () => void;
}

function ResetForm({ token, email, onDone }: ResetFormProps) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // §5: per-field errors appear on blur, and all of them on submit.
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordRef = useRef<HTMLDivElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  const errors = validateResetForm(password, confirmation);
  const passwordError = touched.password ? errors.password : null;
  const confirmationError = touched.confirmation ? errors.confirmation : null;

  useEffect(() => {
    passwordRef.current?.querySelector('input')?.focus();
  }, []);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ password: true, confirmation: true });
    if (errors.password || errors.confirmation) {
      const firstInvalid = errors.password ? passwordRef : confirmationRef;
      firstInvalid.current?.querySelector('input')?.focus();
      return;
    }

    setServerError(null);
    setSubmitting(true);
    try {
      const response = await resetPassword(token, password);
      const message = resetPasswordError(response);
      if (message === null) {
        onDone();
        return;
      }
      setServerError(message);
    } catch (error) {
      setServerError(thrownError(error));
    }
    setSubmitting(false);
  };

  const describe = (...ids: Array<string | false>) => ids.filter(Boolean).join(' ');

  return (
    <div className="recovery__card">
      <h1 className="recovery__title">Crea una nueva contraseña</h1>
      <p className="recovery__text">
        Para la cuenta <strong className="recovery__email">{email}</strong>
      </p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />

        <div className="form__field" ref={passwordRef}>
          <label className="form__label" htmlFor="reset-password">
            Nueva contraseña
          </label>
          <PasswordInput
            id="reset-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              setServerError(null);
            }}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            autoComplete="new-password"
            placeholder="Mínimo 8 caracteres"
            disabled={submitting}
            invalid={passwordError !== null}
            describedBy={describe(
              'reset-password-strength',
              passwordError !== null ? 'reset-password-error' : 'reset-password-hint',
            )}
          />
          <StrengthMeter id="reset-password-strength" password={password} />
          {/* The error states the same rule, so it replaces the hint rather than repeating it. */}
          {passwordError ? (
            <p id="reset-password-error" className="form__error" role="alert">
              {passwordError}
            </p>
          ) : (
            <p id="reset-password-hint" className="recovery__hint">
              Usa al menos 8 caracteres con mayúsculas, minúsculas, números y símbolos.
            </p>
          )}
        </div>

        <div className="form__field" ref={confirmationRef}>
          <label className="form__label" htmlFor="reset-confirmation">
            Confirmar contraseña
          </label>
          <PasswordInput
            id="reset-confirmation"
            value={confirmation}
            onChange={(value) => {
              setConfirmation(value);
              setServerError(null);
            }}
            onBlur={() => setTouched((t) => ({ ...t, confirmation: true }))}
            autoComplete="new-password"
            placeholder="Repite la contraseña"
            disabled={submitting}
            invalid={confirmationError !== null}
            describedBy={describe(confirmationError !== null && 'reset-confirmation-error')}
          />
          {confirmationError && (
            <p id="reset-confirmation-error" className="form__error" role="alert">
              {confirmationError}
            </p>
          )}
        </div>

        {serverError && (
          <p className="form__error" role="alert">
            {serverError}
          </p>
        )}

        <button type="submit" className="button button--primary button--block" disabled={submitting}>
          {submitting ? 'Guardando...' : 'Guardar contraseña'}
        </button>
      </form>
    </div>
  );
}

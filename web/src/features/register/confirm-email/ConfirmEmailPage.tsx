import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, CheckCircleIcon, CopyIcon, MailIcon } from '../../../components/icons';
import { confirmEmail, errorText, resendCode, type User } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { isValidCode, MESSAGES } from '../../../lib/validation';
import { homePathFor } from '../../../lib/access';
import { useAuthStore } from '../../../lib/useAuthStore';
import { CODE_VALIDITY_SECONDS, useRegistrationStore } from '../../../lib/useRegistrationStore';
import { CodeInput, EMPTY_CODE, type CodeInputHandle } from './CodeInput';
import { formatCountdown, useCountdown } from './useCountdown';
import './ConfirmEmailPage.css';

/** §8 'Confirm email'. */
export const CONFIRM_MESSAGES = {
  invalid: 'Código inválido. Por favor, verifica e intenta de nuevo.',
  expired: 'El código ha expirado. Solicita uno nuevo.',
  tooMany: 'Demasiados intentos. Espera antes de intentar de nuevo.',
  resendFailed: 'Error al reenviar el código',
} as const;

/** §9: the success view sends the user home after 3 s. */
export const REDIRECT_HOME_MS = 3000;
const COPIED_MS = 2000;
const SHAKE_MS = 500;

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function CopyableEmail({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
    } catch {
      // No clipboard (old browser, permission refused): the address stays visible to copy by hand.
    }
  };

  return (
    <span className="confirm-email__address-wrap">
      <button
        type="button"
        className="confirm-email__address"
        onClick={() => void copy()}
        title="Copiar email"
        aria-label={`Copiar ${email}`}
      >
        <span>{email}</span>
        <CopyIcon width={16} height={16} />
      </button>
      <span className="confirm-email__copied" role="status">
        {copied ? 'Copiado' : ''}
      </span>
    </span>
  );
}

function ConfirmForm({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const setUser = useAuthStore((s) => s.setUser);
  const checkAuth = useAuthStore((s) => s.checkAuth);
  const heldEmail = useRegistrationStore((s) => s.email);
  const storedExpiry = useRegistrationStore((s) => s.codeExpiresAt);
  const storedResendAt = useRegistrationStore((s) => s.resendAvailableAt);
  const { setCodeTimers, setResendAvailableAt, expireCode, clear } = useRegistrationStore.getState();

  // A user who arrives without a registration in this tab (e.g. from their profile): nothing says
  // when their code was sent, so count as for a fresh one (§9) and let them ask for another now.
  const [fallbackExpiry] = useState(() => Date.now() + CODE_VALIDITY_SECONDS * 1000);
  const ours = heldEmail === email;
  const codeExpiresAt = ours && storedExpiry !== null ? storedExpiry : fallbackExpiry;
  const resendAvailableAt = ours ? storedResendAt : null;

  const remaining = useCountdown(codeExpiresAt);
  const cooldown = useCountdown(resendAvailableAt);
  const expired = remaining === 0;

  const [digits, setDigits] = useState<readonly string[]>(EMPTY_CODE);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [shaking, setShaking] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const verifyingRef = useRef(false);
  const codeRef = useRef<CodeInputHandle>(null);

  // Focus once the boxes are enabled again (they are disabled while a request runs).
  useEffect(() => {
    codeRef.current?.focusFirst();
  }, [focusRequest]);

  useEffect(() => {
    if (!shaking) return;
    const timer = window.setTimeout(() => setShaking(false), SHAKE_MS);
    return () => window.clearTimeout(timer);
  }, [shaking]);

  /** §4: an error clears the boxes, shakes them and puts the cursor back in the first one. */
  const fail = (message: string) => {
    setError(message);
    setDigits(EMPTY_CODE);
    setShaking(false);
    // Next frame, so a second error in a row restarts the animation.
    window.requestAnimationFrame(() => setShaking(true));
    setFocusRequest((n) => n + 1);
  };

  const verify = async (code: string) => {
    if (verifyingRef.current) return;
    if (!isValidCode(code)) {
      // Nothing was sent: keep what was typed, only say what is missing.
      setError(MESSAGES.code);
      return;
    }
    verifyingRef.current = true;
    setVerifying(true);
    setError(null);
    setNotice(null);

    let message: string = CONFIRM_MESSAGES.invalid;
    try {
      const response = await confirmEmail(email, code);
      const body = response.body;
      if (response.ok && body?.confirmed) {
        onConfirmed();
        clear();
        if (body.user) setUser(body.user);
        else void checkAuth();
        return;
      }
      message = errorText(body, response.status === 429 ? CONFIRM_MESSAGES.tooMany : CONFIRM_MESSAGES.invalid);
      if (message === CONFIRM_MESSAGES.expired) expireCode(email);
    } catch {
      // §8: a failed request reads as a wrong code.
      message = CONFIRM_MESSAGES.invalid;
    }
    verifyingRef.current = false;
    setVerifying(false);
    fail(message);
  };

  const resend = async () => {
    if (resending || cooldown > 0) return;
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const response = await resendCode(email);
      const body = response.body;
      if (response.ok && body?.success !== false) {
        setCodeTimers(email, { expira_en: body?.expira_en, reenviar_en: body?.reenviar_en });
        setDigits(EMPTY_CODE);
        setNotice(`Te hemos enviado un código nuevo a ${email}.`);
        setFocusRequest((n) => n + 1);
      } else {
        if (response.status === 429 && typeof body?.reenviar_en === 'number') {
          setResendAvailableAt(email, Date.now() + body.reenviar_en * 1000);
        }
        setError(errorText(body, CONFIRM_MESSAGES.resendFailed));
      }
    } catch {
      setError(CONFIRM_MESSAGES.resendFailed);
    }
    setResending(false);
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(digits.join(''));
  };

  return (
    <div className="confirm-email__card">
      <span className="confirm-email__badge" aria-hidden="true">
        <MailIcon width={28} height={28} />
      </span>
      <h1 className="confirm-email__title">Confirma tu email</h1>
      <p className="confirm-email__intro">
        Hemos enviado un código de 6 dígitos a <CopyableEmail email={email} />
      </p>

      <form className="confirm-email__form" noValidate onSubmit={handleSubmit} aria-busy={verifying}>
        <fieldset className="confirm-email__fieldset">
          <legend className="confirm-email__legend">Código de verificación</legend>
          <div className={shaking ? 'confirm-email__shake' : undefined}>
            <CodeInput
              ref={codeRef}
              digits={digits}
              onChange={(next) => {
                setDigits(next);
                if (error) setError(null);
              }}
              onComplete={(code) => void verify(code)}
              disabled={verifying}
              invalid={Boolean(error)}
              describedBy="confirmar-estado"
            />
          </div>
        </fieldset>

        <div id="confirmar-estado" className="confirm-email__status">
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          {notice && (
            <p className="confirm-email__notice" role="status">
              {notice}
            </p>
          )}
          {expired ? (
            <p className="confirm-email__expired" role="alert">
              {CONFIRM_MESSAGES.expired}
            </p>
          ) : (
            <p className="confirm-email__timer">
              El código caduca en <strong role="timer">{formatCountdown(remaining)}</strong>
            </p>
          )}
        </div>

        <button type="submit" className="button button--primary button--block" disabled={verifying}>
          {verifying ? 'Verificando...' : 'Verificar'}
        </button>
      </form>

      <div className="confirm-email__resend">
        <span>¿No te ha llegado?</span>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void resend()}
          disabled={resending || cooldown > 0}
        >
          {resending ? 'Enviando...' : cooldown > 0 ? `Reenviar código (${cooldown} s)` : 'Reenviar código'}
        </button>
      </div>

      <Link to="/registro" className="confirm-email__back">
        <ArrowLeftIcon width={18} height={18} />
        Volver al registro
      </Link>
    </div>
  );
}

/** Confirmed and signed in: on to the new client's own area (the spec's original went home). */
function ConfirmedView() {
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const area = user ? homePathFor(user) : '/';
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(area, { replace: true }), REDIRECT_HOME_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, area]);

  return (
    <div className="confirm-email__card confirm-email__done">
      <CheckCircleIcon className="confirm-email__done-icon" width={56} height={56} />
      <h1 className="confirm-email__title">¡Email confirmado!</h1>
      <p className="confirm-email__intro" role="status">
        Tu cuenta ya está activa. Te llevamos a tu área de cliente en unos segundos…
      </p>
      <Link to={area} className="button button--primary" replace>
        Ir a mi área de cliente ahora
      </Link>
    </div>
  );
}

function AlreadyConfirmedView({ user }: { user: User }) {
  return (
    <div className="confirm-email__card confirm-email__done">
      <CheckCircleIcon className="confirm-email__done-icon" width={56} height={56} />
      <h1 className="confirm-email__title">Tu email ya está confirmado</h1>
      <p className="confirm-email__intro">
        La dirección {user.email} ya está verificada. No tienes que hacer nada más.
      </p>
      <Link to={homePathFor(user)} className="button button--primary">
        {user.role === 'cliente' ? 'Ir a mi área de cliente' : 'Ir a mi panel'}
      </Link>
    </div>
  );
}

export function ConfirmEmailPage() {
  useDocumentTitle('Confirmar email');
  const heldEmail = useRegistrationStore((s) => s.email);
  const user = useAuthStore((s) => s.user);
  const checking = useAuthStore((s) => s.checking);
  const [confirmed, setConfirmed] = useState(false);

  let content;
  if (confirmed) {
    content = <ConfirmedView />;
  } else if (user?.isUserEmailConfirmed && (heldEmail === '' || sameEmail(heldEmail, user.email ?? ''))) {
    content = <AlreadyConfirmedView user={user} />;
  } else {
    const email = heldEmail || (user && !user.isUserEmailConfirmed ? (user.email ?? '') : '');
    if (email === '') {
      if (!checking) return <Navigate to="/registro" replace />;
      content = (
        <div className="confirm-email__card" role="status">
          Verificando autenticación...
        </div>
      );
    } else {
      content = <ConfirmForm key={email} email={email} onConfirmed={() => setConfirmed(true)} />;
    }
  }

  return (
    <section className="confirm-email">
      <div className="container confirm-email__inner">{content}</div>
    </section>
  );
}

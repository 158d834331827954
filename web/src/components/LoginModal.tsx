import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { homePathFor } from '../lib/access';
import { useAuthStore } from '../lib/useAuthStore';
import { useLoginModalStore } from '../lib/useLoginModalStore';
import { errorText, login, NetworkError } from '../lib/api';
import { Modal } from './Modal';
import { PasswordInput } from './PasswordInput';
import './LoginModal.css';
import { TEXT_LIMITS } from '../lib/textLimits';

export const LOGIN_MESSAGES = {
  required: 'Por favor, completa todos los campos',
  fallback: 'Error al iniciar sesión',
  network: 'Error de conexión. Verifica que el servidor esté funcionando.',
} as const;

/** Mounted only while open, so every opening starts with an empty form. */
function LoginDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const setUser = useAuthStore((s) => s.setUser);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (trimmedEmail === '' || password.trim() === '') {
      setError(LOGIN_MESSAGES.required);
      return;
    }

    setError(null);
    setSubmitting(true);
    try {
      const response = await login({ email: trimmedEmail, password });
      const user = response.body?.user;
      if (response.ok && response.body?.success && user) {
        onClose();
        setUser(user);
        // Where they came to be: their own area (the spec's original went home).
        navigate(homePathFor(user));
        return;
      }
      setError(errorText(response.body, LOGIN_MESSAGES.fallback));
    } catch (err) {
      setError(err instanceof NetworkError ? LOGIN_MESSAGES.network : LOGIN_MESSAGES.fallback);
    } finally {
      setSubmitting(false);
    }
  };

  const goToRegister = () => {
    onClose();
    navigate('/registro');
  };

  return (
    <Modal
      title="Iniciar sesión"
      intro="Accede a tu área de cliente para consultar tus mudanzas y tu perfil."
      onClose={onClose}
      initialFocus={emailRef}
      className="login-modal"
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <div className="form__field">
          <label className="form__label" htmlFor="login-email">
            Email
          </label>
          <input
            ref={emailRef}
            id="login-email"
            className="input"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={TEXT_LIMITS.login}
            placeholder="tu@email.com"
            value={email}
            disabled={submitting}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>

        <div className="form__field">
          <label className="form__label" htmlFor="login-password">
            Contraseña
          </label>
          <PasswordInput
            id="login-password"
            value={password}
            onChange={setPassword}
            placeholder="Tu contraseña"
            disabled={submitting}
          />
        </div>

        <Link to="/recuperar" className="login-modal__forgot" onClick={onClose}>
          ¿Olvidaste tu contraseña?
        </Link>

        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}

        <div className="login-modal__actions">
          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? 'Iniciando sesión...' : 'Iniciar sesión'}
          </button>
          <button type="button" className="button button--ghost button--block" onClick={goToRegister}>
            ¿No tienes cuenta? Regístrate
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function LoginModal() {
  const open = useLoginModalStore((s) => s.open);
  const closeLoginModal = useLoginModalStore((s) => s.closeLoginModal);
  const { pathname } = useLocation();

  // A dialog left open must not follow the user to another page (e.g. back button).
  useEffect(() => {
    closeLoginModal();
  }, [pathname, closeLoginModal]);

  if (!open) return null;
  return <LoginDialog onClose={closeLoginModal} />;
}

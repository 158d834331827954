import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon, MailIcon } from '../../components/icons';
import { Logo } from '../../components/Logo';
import { PasswordInput } from '../../components/PasswordInput';
import { errorText, NetworkError, workerLogin, type StaffLoginRole } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { staffDashboardFor } from '../../lib/access';
import { useAuthStore } from '../../lib/useAuthStore';
import './StaffLoginPage.css';
import { TEXT_LIMITS } from '../../lib/textLimits';

export const STAFF_LOGIN_MESSAGES = {
  required: 'Por favor, completa todos los campos',
  invalid: 'Credenciales inválidas',
  network: 'Error de conexión. Inténtalo de nuevo.',
} as const;

interface StaffTab {
  role: StaffLoginRole;
  label: string;
  placeholder: string;
  autoComplete: string;
}

// §4: the manager tab logs in as empresario, the worker tab as empleado.
const TABS: readonly StaffTab[] = [
  { role: 'empresario', label: 'Gerencia', placeholder: 'Email', autoComplete: 'email' },
  { role: 'empleado', label: 'Trabajador', placeholder: 'ID de empleado', autoComplete: 'username' },
];

const ADMIN_CONTACT = 'mailto:admin@mudanzas.test?subject=' + encodeURIComponent('Acceso de personal: necesito ayuda');

export function StaffLoginPage() {
  useDocumentTitle('Acceso de personal');
  const navigate = useNavigate();
  const setUser = useAuthStore((s) => s.setUser);
  const checkAuth = useAuthStore((s) => s.checkAuth);
  const [role, setRole] = useState<StaffLoginRole>('empresario');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const tab = TABS.find((t) => t.role === role) ?? TABS[0]!;

  const selectTab = (next: StaffLoginRole) => {
    if (next === role) return;
    setRole(next);
    setUsername('');
    setError(null);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmedUsername = username.trim();
    if (trimmedUsername === '' || password.trim() === '') {
      setError(STAFF_LOGIN_MESSAGES.required);
      return;
    }

    setError(null);
    setSubmitting(true);
    try {
      const response = await workerLogin({ username: trimmedUsername, password, role });
      const worker = response.body?.worker;
      if (!response.ok || !response.body?.success || !worker) {
        setError(errorText(response.body, STAFF_LOGIN_MESSAGES.invalid));
        setSubmitting(false);
        return;
      }
      // The dashboard guards read the auth store; fill it before navigating so they let the
      // new session in without a page reload.
      const user = response.body.user;
      if (user) setUser(user);
      else await checkAuth();
      navigate(staffDashboardFor(worker.role), { replace: true });
    } catch (err) {
      setError(err instanceof NetworkError ? STAFF_LOGIN_MESSAGES.network : STAFF_LOGIN_MESSAGES.invalid);
      setSubmitting(false);
    }
  };

  return (
    <div className="staff-login">
      <div className="staff-login__card">
        <Link to="/" className="staff-login__back">
          <ArrowLeftIcon width={18} height={18} />
          Volver al inicio
        </Link>

        <div className="staff-login__brand">
          <Logo />
        </div>
        <h1 className="staff-login__title">Acceso de personal</h1>
        <p className="staff-login__subtitle">Zona reservada para la gerencia y el equipo de Mudanzas.</p>

        <div className="staff-login__tabs" role="tablist" aria-label="Tipo de acceso">
          {TABS.map((t) => (
            <button
              key={t.role}
              type="button"
              role="tab"
              id={`staff-tab-${t.role}`}
              aria-selected={t.role === role}
              aria-controls="staff-login-panel"
              className={`staff-login__tab${t.role === role ? ' is-active' : ''}`}
              onClick={() => selectTab(t.role)}
            >
              {t.label}
            </button>
          ))}
        </div>

        <form
          id="staff-login-panel"
          role="tabpanel"
          aria-labelledby={`staff-tab-${role}`}
          className="form"
          noValidate
          onSubmit={handleSubmit}
        >
          <div className="form__field">
            <label className="form__label" htmlFor="staff-username">
              Usuario
            </label>
            <input
              id="staff-username"
              className="input"
              type="text"
              autoComplete={tab.autoComplete}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={TEXT_LIMITS.login}
              placeholder={tab.placeholder}
              value={username}
              disabled={submitting}
              onChange={(e) => setUsername(e.target.value)}
            />
          </div>

          <div className="form__field">
            <label className="form__label" htmlFor="staff-password">
              Contraseña
            </label>
            <PasswordInput
              id="staff-password"
              value={password}
              onChange={setPassword}
              placeholder="Tu contraseña"
              disabled={submitting}
            />
          </div>

          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}

          <button type="submit" className="button button--primary button--block" disabled={submitting}>
            {submitting ? 'Accediendo...' : 'Iniciar sesión'}
          </button>
        </form>

        <div className="staff-login__help">
          <p>¿Problemas para acceder?</p>
          <a className="button button--ghost button--block" href={ADMIN_CONTACT}>
            <MailIcon width={18} height={18} />
            Contactar con el administrador
          </a>
        </div>
      </div>
    </div>
  );
}

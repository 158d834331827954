import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { authPay, errorText, NetworkError } from '../../lib/api';
import { clientAreaFor } from '../../lib/access';
import { useAuthStore } from '../../lib/useAuthStore';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PaymentShell } from './PaymentShell';
import { TEXT_LIMITS } from '../../lib/textLimits';

/** §5 and §8, word for word. */
export const ACCESS_MESSAGES = {
  fillAll: 'Por favor completa todos los campos',
  human: 'Por favor confirma que eres humano',
  auth: 'Error de autenticación. Verifica tus credenciales.',
  connection: 'Error de conexión. Inténtalo de nuevo.',
} as const;

/** /acceso-de-pago: the client's name and the move's payment key, plus the human check. */
export function PaymentAccessPage() {
  useDocumentTitle('Acceso de pago');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [human, setHuman] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const clientArea = clientAreaFor(useAuthStore((s) => s.user));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '' || password.trim() === '') {
      setError(ACCESS_MESSAGES.fillAll);
      return;
    }
    if (!human) {
      setError(ACCESS_MESSAGES.human);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const response = await authPay(name.trim(), password.trim());
      if (response.ok && response.body?.paymentId) {
        navigate(`/pago?id=${encodeURIComponent(response.body.paymentId)}`);
        return;
      }
      setError(errorText(response.body, ACCESS_MESSAGES.auth));
    } catch (cause) {
      setError(cause instanceof NetworkError ? ACCESS_MESSAGES.connection : ACCESS_MESSAGES.auth);
    } finally {
      setSending(false);
    }
  };

  return (
    <PaymentShell>
      <div className="payment__card payment__card--narrow">
        <h1 className="payment__title">Acceso de pago</h1>
        <p className="payment__text">
          Escribe tu nombre tal como figura en tu mudanza y la <strong>clave de pago</strong> que te enviamos por correo
          (también está en tu área de cliente).
        </p>
        <form className="form" noValidate onSubmit={submit}>
          <div className="form__field">
            <label className="form__label" htmlFor="pay-name">
              Nombre
            </label>
            <input
              id="pay-name"
              className="input"
              autoComplete="name"
              value={name}
              maxLength={TEXT_LIMITS.name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          <div className="form__field">
            <label className="form__label" htmlFor="pay-password">
              Clave de pago
            </label>
            <input
              id="pay-password"
              className="input"
              type="text"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              maxLength={TEXT_LIMITS.code}
              placeholder="XXXX-XXXX"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <label className="payment__check">
            <input type="checkbox" checked={human} onChange={(e) => setHuman(e.target.checked)} />
            <span>No soy un robot</span>
          </label>
          {error && (
            <p className="form__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary button--block" disabled={sending}>
            {sending ? 'Comprobando…' : 'Acceder al pago'}
          </button>
        </form>
        {clientArea && (
          <p className="payment__help">
            Con tu sesión iniciada no necesitas la clave:{' '}
            <Link to={clientArea}>paga tus mudanzas desde tu área de cliente</Link>.
          </p>
        )}
        <p className="payment__help">
          ¿No tienes la clave? <Link to="/contacto">Contacta con nosotros</Link> y te la enviamos de nuevo.
        </p>
      </div>
    </PaymentShell>
  );
}

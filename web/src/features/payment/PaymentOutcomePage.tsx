import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { HeadsetIcon } from '../../components/icons';
import { clientAreaFor } from '../../lib/access';
import { useAuthStore } from '../../lib/useAuthStore';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { brandLabel, REFUSAL_REASONS } from '../../lib/card';
import { formatEuros } from '../../lib/format';
import { PaymentShell } from './PaymentShell';
import { usePaymentSession } from './usePaymentSession';

interface OutcomeState {
  importe?: number;
  marca?: string;
  ultimos4?: string;
  error?: string;
}

function cardText(state: OutcomeState): string | null {
  if (!state.ultimos4) return null;
  return `${brandLabel(state.marca)} terminada en ${state.ultimos4}`;
}

/** /pago-exitoso and /pago-fallido: what happened, and what to do next. */
export function PaymentOutcomePage({ outcome }: { outcome: 'ok' | 'ko' }) {
  useDocumentTitle(outcome === 'ok' ? 'Pago completado' : 'Pago fallido');
  const [params] = useSearchParams();
  const id = params.get('id');
  const refusalCode = params.get('motivo') ?? '';
  const state = (useLocation().state ?? {}) as OutcomeState;
  const { state: session } = usePaymentSession(id);
  const current = session.kind === 'ready' ? session.session : null;
  const card = cardText(state);
  // A client who paid from their area goes back to it; anyone else (the key flow) goes home.
  const clientArea = clientAreaFor(useAuthStore((s) => s.user));

  if (outcome === 'ok') {
    return (
      <PaymentShell>
        <div className="payment__card payment__card--narrow payment__card--center">
          <span className="outcome-badge outcome-badge--success" aria-hidden="true">
            ✓
          </span>
          <h1 className="payment__title">¡Pago completado!</h1>
          <p className="payment__text">
            {state.importe !== undefined ? (
              <>
                Hemos recibido tu pago de <strong>{formatEuros(state.importe)}</strong>
                {card ? ` con tu ${card}` : ''}.
              </>
            ) : (
              'Hemos recibido tu pago.'
            )}
          </p>
          {current && (
            <dl className="payment__amounts payment__amounts--inline">
              <div>
                <dt>Pagado en total</dt>
                <dd>{formatEuros(current.pagado)}</dd>
              </div>
              <div>
                <dt>Pendiente</dt>
                <dd>{formatEuros(current.pendiente)}</dd>
              </div>
            </dl>
          )}
          <p className="payment__text">
            Verás el pago en tu área de cliente y en la factura de tu mudanza. Si queda algo pendiente, puedes pagarlo
            cuando quieras {clientArea ? 'desde tu área de cliente' : 'con la misma clave'}.
          </p>
          <div className="payment__actions">
            {clientArea ? (
              <Link to={clientArea} className="button button--primary button--block">
                Volver a mi área de cliente
              </Link>
            ) : (
              <Link to="/" className="button button--primary button--block">
                Volver al inicio
              </Link>
            )}
          </div>
        </div>
      </PaymentShell>
    );
  }

  const reason = state.error ?? REFUSAL_REASONS[refusalCode] ?? 'El pago no se ha podido completar.';
  return (
    <PaymentShell>
      <div className="payment__card payment__card--narrow payment__card--center">
        <span className="outcome-badge outcome-badge--error" aria-hidden="true">
          !
        </span>
        <h1 className="payment__title">El pago no se ha completado</h1>
        <p className="form__error" role="alert">
          {reason}
        </p>
        <p className="payment__text">
          No se ha cobrado nada{card ? ` en tu ${card}` : ''}. Puedes intentarlo con otra tarjeta o hablar con tu banco.
        </p>
        <div className="payment__actions">
          {current ? (
            <Link to={`/pago?id=${encodeURIComponent(id ?? '')}`} className="button button--primary button--block">
              Intentar de nuevo
            </Link>
          ) : (
            <Link to="/acceso-de-pago" className="button button--primary button--block">
              Volver al acceso de pago
            </Link>
          )}
          {clientArea && (
            <Link to={clientArea} className="button button--outline button--block">
              Volver a mi área de cliente
            </Link>
          )}
          <Link to="/contacto" className="button button--ghost button--block">
            <HeadsetIcon width={18} height={18} />
            Contactar con nosotros
          </Link>
        </div>
      </div>
    </PaymentShell>
  );
}

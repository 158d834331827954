import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Field, fieldProps } from '../../components/FormField';
import { errorText, NetworkError, payByCard, redsysForm, type PaymentKind, type PaymentSession } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import {
  BRAND_NAMES,
  brandOf,
  digitsOf,
  formatCardNumber,
  formatExpiry,
  TEST_CARDS,
  validateCard,
  validateField,
  type CardErrors,
  type CardFields,
} from '../../lib/card';
import { formatEuros } from '../../lib/format';
import { PAYMENT_STATUS_LABELS } from '../../lib/options';
import { PaymentShell } from './PaymentShell';
import { usePaymentSession } from './usePaymentSession';

function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** /pago?id=: the move, the amount to pay, and the card form (or the bank's page with Redsys). */
export function PaymentPage() {
  useDocumentTitle('Pago');
  const [params] = useSearchParams();
  const id = params.get('id');
  const { state } = usePaymentSession(id);

  return (
    <PaymentShell>
      {state.kind === 'loading' && (
        <div className="payment__card" role="status">
          Cargando el pago…
        </div>
      )}
      {(state.kind === 'gone' || state.kind === 'error') && (
        <div className="payment__card payment__card--narrow payment__card--center">
          <h1 className="payment__title">No podemos mostrar este pago</h1>
          <p className="form__error" role="alert">
            {state.message}
          </p>
          <Link to="/acceso-de-pago" className="button button--primary button--block">
            Volver al acceso de pago
          </Link>
        </div>
      )}
      {state.kind === 'ready' && id && <PaymentForm sessionId={id} session={state.session} />}
    </PaymentShell>
  );
}

function Summary({ session }: { session: PaymentSession }) {
  return (
    <aside className="payment__summary" aria-labelledby="payment-summary-title">
      <h2 id="payment-summary-title" className="payment__subtitle">
        Mudanza nº {session.mudanzaId}
      </h2>
      <dl className="payment__facts">
        <div>
          <dt>Cliente</dt>
          <dd>{session.cliente}</dd>
        </div>
        <div>
          <dt>Origen</dt>
          <dd>{session.origen}</dd>
        </div>
        <div>
          <dt>Destino</dt>
          <dd>{session.destino}</dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>{formatDate(session.fecha)}</dd>
        </div>
      </dl>
      <dl className="payment__amounts">
        <div>
          <dt>Total (IVA incluido)</dt>
          <dd>{formatEuros(session.total)}</dd>
        </div>
        {session.anticipo > 0 && (
          <div>
            <dt>Anticipo</dt>
            <dd>{formatEuros(session.anticipo)}</dd>
          </div>
        )}
        <div>
          <dt>Pagado</dt>
          <dd>{formatEuros(session.pagado)}</dd>
        </div>
        {session.cancelada && (
          <div>
            <dt>Gastos de cancelación</dt>
            <dd>{formatEuros(session.gastos_cancelacion ?? 0)}</dd>
          </div>
        )}
        <div className="payment__amounts-due">
          <dt>Pendiente</dt>
          <dd>{formatEuros(session.pendiente)}</dd>
        </div>
      </dl>
      <p className="payment__status">Estado: {PAYMENT_STATUS_LABELS[session.estado_pago]}</p>
    </aside>
  );
}

const EMPTY: CardFields = { titular: '', numero: '', caducidad: '', cvc: '' };

function PaymentForm({ sessionId, session }: { sessionId: string; session: PaymentSession }) {
  const navigate = useNavigate();
  const [kind, setKind] = useState<PaymentKind | null>(session.opciones[0]?.tipo ?? null);
  const [fields, setFields] = useState<CardFields>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const holderRef = useRef<HTMLInputElement>(null);
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const refs = { titular: holderRef, numero: numberRef, caducidad: expiryRef, cvc: cvcRef };
  const redsysRef = useRef<HTMLFormElement>(null);
  const [redsys, setRedsys] = useState<{ url: string; campos: Record<string, string> } | null>(null);

  useEffect(() => {
    if (redsys) redsysRef.current?.submit();
  }, [redsys]);

  const option = session.opciones.find((o) => o.tipo === kind) ?? null;
  const brand = brandOf(digitsOf(fields.numero));

  const set = (field: keyof CardFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const blur = (field: keyof CardFields) => {
    const error = validateField(field, fields);
    setErrors((e) => ({ ...e, [field]: error }));
  };

  if (session.opciones.length === 0) {
    return (
      <div className="payment__layout">
        <div className="payment__card">
          <h1 className="payment__title">No hay nada pendiente de pago</h1>
          <p className="payment__text">
            {session.cancelada
              ? 'Esta mudanza está cancelada y no tiene gastos de cancelación pendientes: no hay nada que pagar. Si crees que es un error, contacta con nosotros.'
              : 'Esta mudanza ya está pagada. ¡Gracias! Puedes ver los pagos en tu área de cliente.'}
          </p>
          <Link to="/" className="button button--primary">
            Volver al inicio
          </Link>
        </div>
        <Summary session={session} />
      </div>
    );
  }

  const payWithCard = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!kind) return;
    const found = validateCard(fields);
    setErrors(found);
    const first = (['titular', 'numero', 'caducidad', 'cvc'] as const).find((f) => found[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setFormError(null);
    setSending(true);
    try {
      const response = await payByCard(sessionId, { tipo: kind, ...fields, numero: digitsOf(fields.numero) });
      const body = response.body;
      if (response.ok && body?.resultado === 'autorizado') {
        navigate(`/pago-exitoso?id=${encodeURIComponent(sessionId)}`, {
          state: { importe: body.importe, marca: body.marca, ultimos4: body.ultimos4 },
        });
      } else if (response.status === 402) {
        navigate(
          `/pago-fallido?id=${encodeURIComponent(sessionId)}&motivo=${encodeURIComponent(body?.motivo ?? 'denegada')}`,
          { state: { error: body?.error, importe: body?.importe, marca: body?.marca, ultimos4: body?.ultimos4 } },
        );
      } else if (response.status === 400 && body?.field && body.field in EMPTY) {
        const field = body.field as keyof CardFields;
        setErrors((e) => ({ ...e, [field]: body.error }));
        refs[field].current?.focus();
      } else {
        setFormError(errorText(body, 'No se pudo completar el pago. Inténtalo de nuevo.'));
      }
    } catch (cause) {
      setFormError(
        cause instanceof NetworkError ? 'Error de conexión. Inténtalo de nuevo.' : 'No se pudo completar el pago.',
      );
    } finally {
      setSending(false);
    }
  };

  const payAtBank = async () => {
    if (!kind) return;
    setSending(true);
    setFormError(null);
    try {
      const response = await redsysForm(sessionId, kind);
      if (response.ok && response.body?.url && response.body.campos) {
        setRedsys({ url: response.body.url, campos: response.body.campos });
        return;
      }
      setFormError(errorText(response.body, 'No se pudo iniciar el pago. Inténtalo de nuevo.'));
    } catch {
      setFormError('Error de conexión. Inténtalo de nuevo.');
    }
    setSending(false);
  };

  return (
    <div className="payment__layout">
      <div className="payment__card">
        <h1 className="payment__title">Pago con tarjeta</h1>
        <fieldset className="payment__options">
          <legend className="form__label">¿Qué quieres pagar?</legend>
          {session.opciones.map((o) => (
            <label key={o.tipo} className={`payment__option${kind === o.tipo ? ' payment__option--chosen' : ''}`}>
              <input
                type="radio"
                name="tipo"
                value={o.tipo}
                checked={kind === o.tipo}
                onChange={() => setKind(o.tipo)}
              />
              <span>{o.etiqueta}</span>
              <strong>{formatEuros(o.importe)}</strong>
            </label>
          ))}
        </fieldset>

        {session.proveedor === 'redsys' ? (
          <div className="payment__redirect">
            <p className="payment__text">
              Te llevaremos a la página segura de tu banco (Redsys) para introducir la tarjeta. Al terminar volverás
              aquí.
            </p>
            {formError && (
              <p className="form__error" role="alert">
                {formError}
              </p>
            )}
            <button
              type="button"
              className="button button--primary button--block"
              disabled={sending}
              onClick={payAtBank}
            >
              {sending ? 'Redirigiendo…' : `Pagar con tarjeta ${option ? formatEuros(option.importe) : ''}`}
            </button>
            {redsys && (
              <form ref={redsysRef} method="post" action={redsys.url} hidden>
                {Object.entries(redsys.campos).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
              </form>
            )}
          </div>
        ) : (
          <form className="form" noValidate onSubmit={payWithCard}>
            <Field id="card-holder" label="Titular de la tarjeta" required error={errors.titular}>
              <input
                ref={holderRef}
                {...fieldProps('card-holder', errors.titular)}
                autoComplete="cc-name"
                value={fields.titular}
                onChange={(e) => set('titular', e.target.value)}
                onBlur={() => blur('titular')}
              />
            </Field>
            <Field id="card-number" label="Número de tarjeta" required error={errors.numero}>
              <div className="payment__number">
                <input
                  ref={numberRef}
                  {...fieldProps('card-number', errors.numero)}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  placeholder="1234 5678 9012 3456"
                  value={fields.numero}
                  onChange={(e) => set('numero', formatCardNumber(e.target.value))}
                  onBlur={() => blur('numero')}
                />
                <span className="payment__brand-tag" aria-live="polite">
                  {brand === 'desconocida' ? '' : BRAND_NAMES[brand]}
                </span>
              </div>
            </Field>
            <div className="payment__row">
              <Field id="card-expiry" label="Caducidad (MM/AA)" required error={errors.caducidad}>
                <input
                  ref={expiryRef}
                  {...fieldProps('card-expiry', errors.caducidad)}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/AA"
                  value={fields.caducidad}
                  onChange={(e) => set('caducidad', formatExpiry(e.target.value))}
                  onBlur={() => blur('caducidad')}
                />
              </Field>
              <Field id="card-cvc" label="CVC" required error={errors.cvc}>
                <input
                  ref={cvcRef}
                  {...fieldProps('card-cvc', errors.cvc)}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                  placeholder={brand === 'amex' ? '1234' : '123'}
                  value={fields.cvc}
                  onChange={(e) => set('cvc', digitsOf(e.target.value))}
                  onBlur={() => blur('cvc')}
                />
              </Field>
            </div>
            {formError && (
              <p className="form__error" role="alert">
                {formError}
              </p>
            )}
            <button type="submit" className="button button--primary button--block" disabled={sending || !option}>
              {sending ? 'Procesando el pago…' : `Pagar ${option ? formatEuros(option.importe) : ''}`}
            </button>
            <p className="payment__help">
              No guardamos el número de tu tarjeta: solo su marca y sus cuatro últimas cifras.
            </p>
          </form>
        )}
        {session.proveedor === 'prueba' && (
          <div className="payment__test" role="note">
            <h2 className="payment__subtitle">Modo de pruebas</h2>
            <p>No se cobra nada. Usa cualquier fecha futura y cualquier CVC con estas tarjetas:</p>
            <ul>
              {TEST_CARDS.map((c) => (
                <li key={c.numero}>
                  <code>{c.numero}</code> — {c.resultado}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <Summary session={session} />
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import * as api from '../../lib/api';
import { errorText, type PaymentRecord, type StaffMove } from '../../lib/api';
import { formatEuros, formatDateTime } from '../../lib/format';
import { brandLabel } from '../../lib/card';
import { TEXT_LIMITS } from '../../lib/textLimits';

export const PAYMENT_STATES: Record<PaymentRecord['estado'], string> = {
  autorizado: 'Autorizado',
  reembolsado: 'Reembolsado',
  fallido: 'Rechazado',
};

const REASONS: Record<string, string> = {
  denegada: 'rechazada por el banco',
  fondos_insuficientes: 'fondos insuficientes',
  caducada: 'tarjeta caducada',
};

/** The move's payment key, its card payments and failed attempts, and refunds (managers). */
export function PaymentsSection({ move, onChanged }: { move: StaffMove; onChanged: (move: StaffMove) => void }) {
  const [keyError, setKeyError] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const [refunding, setRefunding] = useState<PaymentRecord | null>(null);
  const payments = move.pagos ?? [];

  const issueKey = async () => {
    setIssuing(true);
    setKeyError(null);
    try {
      const response = await api.newPaymentKey(move.id);
      if (response.ok && response.body?.clave_pago) onChanged({ ...move, clave_pago: response.body.clave_pago });
      else setKeyError(errorText(response.body, 'No se pudo generar la clave.'));
    } catch {
      setKeyError('Error de conexión. Inténtalo de nuevo.');
    } finally {
      setIssuing(false);
    }
  };

  return (
    <section className="mgr-view__section" aria-label="Pagos">
      <h3 className="mgr-view__title">Pagos</h3>
      <div className="mgr-payments__key">
        <span>
          Clave de pago:{' '}
          <strong className="mgr-payments__code" data-testid="mgr-clave-pago">
            {move.clave_pago ?? 'sin clave'}
          </strong>
        </span>
        <button
          type="button"
          className="button button--outline mgr-payments__button"
          disabled={issuing}
          onClick={issueKey}
        >
          {move.clave_pago ? 'Generar nueva clave' : 'Generar clave'}
        </button>
      </div>
      <p className="mgr-move__muted">
        El cliente paga en /acceso-de-pago con su nombre y esta clave. Una clave nueva anula la anterior.
      </p>
      {keyError && (
        <p className="form__error" role="alert">
          {keyError}
        </p>
      )}
      {payments.length === 0 ? (
        <p>Todavía no hay pagos.</p>
      ) : (
        <ul className="mgr-payments">
          {payments.map((p) => (
            <li key={p.id} className={`mgr-payments__item mgr-payments__item--${p.estado}`}>
              <span className="mgr-payments__amount">{formatEuros(p.importe)}</span>
              <span>
                {brandLabel(p.marca)} ···· {p.ultimos4} · {formatDateTime(p.fecha)}
              </span>
              <span className="mgr-payments__state">
                {PAYMENT_STATES[p.estado]}
                {p.estado === 'fallido' && p.motivo ? ` (${REASONS[p.motivo] ?? p.motivo})` : ''}
                {p.reembolsado > 0 ? ` · devuelto ${formatEuros(p.reembolsado)}` : ''}
              </span>
              {p.estado !== 'fallido' && p.importe - p.reembolsado > 0 && (
                <button
                  type="button"
                  className="button button--outline mgr-payments__button"
                  onClick={() => setRefunding(p)}
                >
                  Reembolsar
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {refunding && (
        <RefundForm
          move={move}
          payment={refunding}
          onDone={(m) => {
            setRefunding(null);
            onChanged(m);
          }}
          onCancel={() => setRefunding(null)}
        />
      )}
    </section>
  );
}

function RefundForm({
  move,
  payment,
  onDone,
  onCancel,
}: {
  move: StaffMove;
  payment: PaymentRecord;
  onDone: (move: StaffMove) => void;
  onCancel: () => void;
}) {
  const refundable = Math.round((payment.importe - payment.reembolsado) * 100) / 100;
  const [amount, setAmount] = useState(String(refundable));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(amount.replace(',', '.'));
    if (!Number.isFinite(value) || value <= 0 || value > refundable) {
      setError(`El importe debe estar entre 0,01 € y ${formatEuros(refundable)}`);
      return;
    }
    if (reason.trim() === '') {
      setError('Indica el motivo del reembolso');
      return;
    }
    setSending(true);
    setError(null);
    try {
      const response = await api.refundPayment(move.id, payment.id, value, reason.trim());
      const body = response.body as { success: boolean; mudanza?: StaffMove; error?: string } | null;
      if (response.ok && body?.mudanza) onDone(body.mudanza);
      else setError(errorText(body, 'No se pudo hacer el reembolso.'));
    } catch {
      setError('Error de conexión. Inténtalo de nuevo.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="form mgr-payments__refund" noValidate onSubmit={submit} aria-label="Reembolso">
      <p>
        Reembolsar el pago de {formatEuros(payment.importe)} ({brandLabel(payment.marca)} ···· {payment.ultimos4})
      </p>
      <div className="form__field">
        <label className="form__label" htmlFor="refund-amount">
          Importe a devolver (€)
        </label>
        <input
          id="refund-amount"
          className="input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="form__field">
        <label className="form__label" htmlFor="refund-reason">
          Motivo
        </label>
        <input
          id="refund-reason"
          className="input"
          maxLength={TEXT_LIMITS.instructions}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <div className="mgr-payments__refund-actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancelar
        </button>
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Reembolsando…' : 'Confirmar reembolso'}
        </button>
      </div>
    </form>
  );
}

import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { ClockIcon, EuroIcon } from '../../components/icons';
import { errorText, openOwnPayment, type ClientMove } from '../../lib/api';
import { detailsPath } from './booking/booking';
import { MoveReview } from './reviews/MoveReview';
import { downloadWaybill } from '../../lib/waybill';
import { clientClaimPath } from '../../lib/claims';
import { documentIssued } from './documents/MyDocuments';
import { formatMoveDate, moreImagesLabel, statusLabel, statusTone, thumbnails, trackingPath } from './clientMoves';
import { formatEuros } from '../../lib/format';

/** §4 customer status, in its colour. */
export function ClientStatusBadge({ status }: { status: string }) {
  return (
    <Badge look="client" tone={statusTone(status)}>
      {statusLabel(status)}
    </Badge>
  );
}

const PAY_FAILED = 'No se pudo abrir el pago. Inténtalo de nuevo.';

export function ClientMoveCard({ move }: { move: ClientMove }) {
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);
  // §8: failed images are hidden; the next one takes the free place.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [downloading, setDownloading] = useState(false);
  const { shown, hidden } = thumbnails(move.images.filter((image) => !failed.has(image.id)));
  const more = moreImagesLabel(hidden);
  // A cancelled move owes only its cancellation fee (spec §9), which the server already counts
  // as what is pending: nothing at all when the cancellation was free.
  const cancellationFee = move.status === 'cancelled' && (move.gastos_cancelacion ?? 0) > 0;

  const download = async () => {
    setDownloading(true);
    try {
      // Issues the waybill or reads the one issued (the client's view does not know which),
      // then saves its PDF; alerts on failure (§8).
      if (await downloadWaybill(move.id)) documentIssued();
    } finally {
      setDownloading(false);
    }
  };

  // The account is the proof: the card page opens for this move without name, key or checkbox.
  const pay = async () => {
    setPaying(true);
    setPayError(null);
    try {
      const response = await openOwnPayment(move.id);
      if (response.ok && response.body?.paymentId) {
        navigate(`/pago?id=${encodeURIComponent(response.body.paymentId)}`);
        return;
      }
      setPayError(errorText(response.body, PAY_FAILED));
    } catch {
      setPayError(PAY_FAILED);
    }
    setPaying(false);
  };

  return (
    <article className={`client-move client-move--${statusTone(move.status)}`} aria-label={`Mudanza ${move.id}`}>
      <header className="client-move__header">
        <span className="client-move__number">Mudanza #{move.id}</span>
        <ClientStatusBadge status={move.status} />
      </header>

      <p className="client-move__route">
        <span>{move.from}</span>{' '}
        <span className="client-move__arrow" aria-hidden="true">
          →
        </span>
        <span className="sr-only">hasta</span> <span>{move.to}</span>
      </p>

      <dl className="client-move__facts">
        <div>
          <dt>
            <ClockIcon width={16} height={16} />
            Fecha
          </dt>
          <dd className="client-move__date">{formatMoveDate(move.date)}</dd>
        </div>
        <div>
          <dt>
            <EuroIcon width={16} height={16} />
            Precio
          </dt>
          <dd>
            <span className="client-move__price">{formatEuros(move.price)}</span>
            <span className="client-move__vat">IVA incluido</span>
          </dd>
        </div>
        {move.pagado !== undefined && move.pendiente !== undefined && (
          <div>
            <dt>Pagado</dt>
            <dd data-testid={`pagado-${move.id}`}>
              {formatEuros(move.pagado)}
              {move.pendiente > 0 && (
                <span className="client-move__vat" data-testid={`pendiente-${move.id}`}>
                  {cancellationFee ? 'Gastos de cancelación pendientes' : 'Pendiente'}: {formatEuros(move.pendiente)}
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {move.pendiente !== undefined && move.pendiente > 0 && (
        <div className="client-move__pay">
          {/* A pending move's first step is its details (the booking): paying is the second. */}
          <button
            type="button"
            className={`button ${move.status === 'pending' ? 'button--outline' : 'button--primary'}`}
            disabled={paying}
            onClick={() => void pay()}
          >
            {paying ? 'Abriendo el pago…' : cancellationFee ? 'Pagar los gastos de cancelación' : 'Pagar con tarjeta'}
          </button>
          {payError && (
            <p className="form__error" role="alert">
              {payError}
            </p>
          )}
        </div>
      )}

      {shown.length > 0 && (
        <div className="client-move__photos">
          <ul aria-label={`Fotos de la mudanza ${move.id}`}>
            {shown.map((image, index) => (
              <li key={image.id}>
                <img
                  src={image.url}
                  alt={image.descripcion.trim() || `Foto ${index + 1} de la mudanza ${move.id}`}
                  loading="lazy"
                  onError={() => setFailed((prev) => new Set(prev).add(image.id))}
                />
              </li>
            ))}
          </ul>
          {more && <span className="client-move__more">{more}</span>}
        </div>
      )}

      <MoveReview moveId={move.id} completed={move.status === 'completed'} />

      <div className="client-move__actions">
        <Link
          to={detailsPath(move.id)}
          className={`button ${move.status === 'pending' ? 'button--primary' : 'button--outline'}`}
        >
          Ver detalles <span className="sr-only">de la mudanza {move.id}</span>
        </Link>
        {move.status !== 'cancelled' && (
          <Link
            to={trackingPath(move.id)}
            className={`button ${move.status === 'in_progress' ? 'button--primary' : 'button--ghost'}`}
          >
            Seguir mudanza <span className="sr-only">{move.id}</span>
          </Link>
        )}
        <button type="button" className="button button--ghost" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Generando albarán...' : 'Descargar albarán'}
        </button>
        {/* Its page says whether the 7 days after delivery are still open, or shows the claim made. */}
        {move.status === 'completed' && (
          <Link to={clientClaimPath(move.id)} className="button button--ghost">
            Reclamar <span className="sr-only">por la mudanza {move.id}</span>
          </Link>
        )}
      </div>
    </article>
  );
}

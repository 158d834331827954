import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/Badge';
import { ClockIcon, EuroIcon } from '../../components/icons';
import type { ClientMove } from '../../lib/api';
import { detailsPath } from './booking/booking';
import { openWaybill } from '../../lib/waybill';
import { formatMoveDate, moreImagesLabel, statusLabel, statusTone, thumbnails } from './clientMoves';
import { formatEuros } from '../../lib/format';

/** §4 customer status, in its colour. */
export function ClientStatusBadge({ status }: { status: string }) {
  return (
    <Badge look="client" tone={statusTone(status)}>
      {statusLabel(status)}
    </Badge>
  );
}

export function ClientMoveCard({ move }: { move: ClientMove }) {
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
      // Opens its window straight away (popup blockers), issues the waybill or fetches the one
      // issued (the client's view does not know which), alerts on failure (§8).
      await openWaybill(move.id, true);
    } finally {
      setDownloading(false);
    }
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
        <Link to="/acceso-de-pago" className="client-move__pay">
          {cancellationFee ? 'Pagar los gastos de cancelación' : 'Pagar con tarjeta'}
        </Link>
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

      <div className="client-move__actions">
        <Link
          to={detailsPath(move.id)}
          className={`button ${move.status === 'pending' ? 'button--primary' : 'button--outline'}`}
        >
          Ver detalles <span className="sr-only">de la mudanza {move.id}</span>
        </Link>
        <button type="button" className="button button--ghost" disabled={downloading} onClick={() => void download()}>
          {downloading ? 'Generando albarán...' : 'Descargar albarán'}
        </button>
      </div>
    </article>
  );
}

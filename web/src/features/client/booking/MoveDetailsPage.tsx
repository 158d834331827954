import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { CheckCircleIcon } from '../../../components/icons';
import type { BookingMove } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { formatMoveDate } from '../clientMoves';
import { formatEuros, formatInstantDate } from '../../../lib/format';
import { confirmPath, formatKg, formPath, serviceLines } from './booking';
import {
  BookingCard,
  BookingHero,
  BookingLoadState,
  Fact,
  PriceBreakdown,
  PropertyFacts,
  StatusTimeline,
} from './BookingParts';
import { useBookingMove } from './useBookingMove';
import { TIME_SLOTS } from '../../../lib/options';
import { CONTACT_PREFERENCES, labelOf } from '../../../lib/moveOptions';
import './BookingPages.css';

/** What the form page hands over after saving: a message to show here once. */
export interface DetailsFlash {
  flash?: string;
}

/** The next steps of a pending move, or the booking already made. */
function NextSteps({ move }: { move: BookingMove }) {
  if (move.puede_confirmar) {
    return (
      <section className="booking-callout" aria-labelledby="booking-next-title">
        <div>
          <h2 id="booking-next-title" className="booking-callout__title">
            Tu mudanza está pendiente de confirmar
          </h2>
          <p className="booking-callout__text">
            {move.detalles_completados
              ? `Completaste los datos el ${formatInstantDate(move.detalles_completados)}. Revisa el precio y las condiciones y confirma la reserva.`
              : 'Completa los datos del día de la mudanza y confirma la reserva cuando estés de acuerdo con el precio.'}
          </p>
        </div>
        <div className="booking-actions">
          <Link to={formPath(move.id)} className="button button--ghost">
            Completar datos
          </Link>
          <Link to={confirmPath(move.id)} className="button button--primary">
            Confirmar reserva
          </Link>
        </div>
      </section>
    );
  }
  if (move.reserva && move.status === 'confirmed') {
    return (
      <section className="booking-callout booking-callout--done" aria-labelledby="booking-next-title">
        <CheckCircleIcon width={28} height={28} aria-hidden="true" />
        <div>
          <h2 id="booking-next-title" className="booking-callout__title">
            Reserva confirmada
          </h2>
          <p className="booking-callout__text">
            Aceptaste el precio de {formatEuros(move.reserva.total)} y las condiciones de reserva el{' '}
            {formatInstantDate(move.reserva.aceptada_en)}.
          </p>
        </div>
      </section>
    );
  }
  return null;
}

function Details({ move }: { move: BookingMove }) {
  const services = serviceLines(move.services);
  const totalObjects = move.objects.reduce((sum, o) => sum + o.quantity, 0);
  return (
    <div className="booking-layout">
      <div className="booking-layout__main">
        <BookingCard title="Recorrido" id="booking-route-title">
          <div className="booking-places">
            <PropertyFacts title="Origen" address={move.origen} property={move.property_details.origin} />
            <PropertyFacts title="Destino" address={move.destino} property={move.property_details.destination} />
          </div>
        </BookingCard>

        <BookingCard title="Fecha y horario" id="booking-date-title">
          <dl className="booking-facts">
            <Fact label="Fecha de la mudanza">
              <span className="booking-capitalize">{formatMoveDate(move.fecha_programada)}</span>
            </Fact>
            <Fact label="Fecha alternativa">
              {move.fecha_alternativa ? (
                <span className="booking-capitalize">{formatMoveDate(move.fecha_alternativa)}</span>
              ) : (
                'Sin fecha alternativa'
              )}
            </Fact>
            <Fact label="Franja horaria">{labelOf(TIME_SLOTS, move.hora_preferida)}</Fact>
            <Fact label="Fechas flexibles">{move.flexible ? 'Sí' : 'No'}</Fact>
            {move.urgencia === 'urgente' && <Fact label="Urgencia">Mudanza urgente</Fact>}
          </dl>
        </BookingCard>

        <BookingCard title="Contacto el día de la mudanza" id="booking-contact-title">
          <dl className="booking-facts">
            <Fact label="Persona de contacto">{move.contacto.nombre || 'Sin indicar'}</Fact>
            <Fact label="Teléfono">{move.contacto.telefono || 'Sin indicar'}</Fact>
            <Fact label="Email">{move.contacto.email || 'Sin indicar'}</Fact>
            <Fact label="Prefiere">{labelOf(CONTACT_PREFERENCES, move.contacto.preferencia)}</Fact>
          </dl>
        </BookingCard>

        <BookingCard title="Objetos" id="booking-objects-title">
          {move.objects.length === 0 ? (
            <p className="client-hint">Sin objetos indicados.</p>
          ) : (
            <>
              <ul className="booking-objects">
                {move.objects.map((o) => (
                  <li key={o.id}>
                    <span className="booking-objects__name">{o.nombre}</span>
                    <span className="booking-objects__weight">{formatKg(o.peso)} / ud.</span>
                    <span className="booking-objects__quantity" aria-label={`${o.quantity} unidades`}>
                      ×{o.quantity}
                    </span>
                  </li>
                ))}
              </ul>
              <p className="client-hint">
                {totalObjects === 1 ? '1 objeto en total' : `${totalObjects} objetos en total`}
              </p>
            </>
          )}
        </BookingCard>

        <BookingCard title="Servicios" id="booking-services-title">
          {services.length === 0 ? (
            <p className="client-hint">Sin servicios adicionales.</p>
          ) : (
            <ul className="booking-list">
              {services.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
        </BookingCard>

        <BookingCard title="Instrucciones especiales" id="booking-instructions-title">
          <p className={move.instrucciones ? 'booking-instructions' : 'client-hint'}>
            {move.instrucciones || 'Sin instrucciones especiales.'}
          </p>
        </BookingCard>

        {move.fotos.length > 0 && <Photos move={move} />}
      </div>

      <aside className="booking-layout__side" aria-label="Precio y estado">
        <BookingCard title="Precio" id="booking-price-title">
          <PriceBreakdown price={move.precio} paymentStatus={move.estado_pago} />
          <PayByCard move={move} />
        </BookingCard>
        <BookingCard title="Historial de estados" id="booking-history-title">
          <StatusTimeline history={move.historial} />
        </BookingCard>
      </aside>
    </div>
  );
}

/** The key and the way to pay by card, and the card payments made. */
function PayByCard({ move }: { move: BookingMove }) {
  const payments = move.pagos ?? [];
  return (
    <div className="booking-pay">
      {payments.length > 0 && (
        <ul className="booking-pay__list" aria-label="Pagos con tarjeta">
          {payments.map((p) => (
            <li key={p.id}>
              {formatEuros(p.importe)} · tarjeta ···· {p.ultimos4}
              {p.reembolsado > 0 ? ` · devuelto ${formatEuros(p.reembolsado)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {move.precio.pendiente > 0 && move.status !== 'cancelled' && move.clave_pago && (
        <>
          <p className="client-hint">
            Tu clave de pago: <strong className="booking-pay__key">{move.clave_pago}</strong>
          </p>
          <Link to="/acceso-de-pago" className="button button--primary button--block">
            Pagar con tarjeta
          </Link>
        </>
      )}
    </div>
  );
}

function Photos({ move }: { move: BookingMove }) {
  // §8: failed images are hidden.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const shown = move.fotos.filter((f) => !failed.has(f.id));
  return (
    <BookingCard title="Fotos" id="booking-photos-title">
      {shown.length === 0 ? (
        <p className="client-hint">Error al cargar imagen</p>
      ) : (
        <ul className="booking-photos">
          {shown.map((foto, index) => (
            <li key={foto.id}>
              <a href={foto.url} target="_blank" rel="noreferrer">
                <img
                  src={foto.url}
                  alt={foto.descripcion.trim() || `Foto ${index + 1} de la mudanza ${move.id}`}
                  loading="lazy"
                  onError={() => setFailed((prev) => new Set(prev).add(foto.id))}
                />
              </a>
              {foto.descripcion.trim() && <span className="booking-photos__caption">{foto.descripcion}</span>}
            </li>
          ))}
        </ul>
      )}
    </BookingCard>
  );
}

/** §2 moving_details (/detalles-mudanza?id=): a move's full details for its client. */
export function MoveDetailsPage() {
  const { id, load, reload } = useBookingMove();
  const location = useLocation();
  const flash = (location.state as DetailsFlash | null)?.flash;
  useDocumentTitle(id === null ? 'Detalles de la mudanza' : `Mudanza #${id}`);
  const move = load.kind === 'ready' ? load.move : undefined;

  return (
    <div className="client-dashboard booking-page">
      <BookingHero eyebrow="Detalles de la mudanza" title={id === null ? 'Mudanza' : `Mudanza #${id}`} move={move}>
        {move && (
          <p className="client-hero__subtitle booking-hero__route">
            {move.origen} <span aria-hidden="true">→</span>
            <span className="sr-only">hasta</span> {move.destino}
          </p>
        )}
      </BookingHero>
      <div className="container client-dashboard__body">
        {flash && (
          <p className="booking-flash" role="status">
            {flash}
          </p>
        )}
        {load.kind === 'ready' ? (
          <>
            <NextSteps move={load.move} />
            <Details move={load.move} />
          </>
        ) : (
          <BookingLoadState load={load} onRetry={() => void reload()} />
        )}
      </div>
    </div>
  );
}

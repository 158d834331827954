import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, BoxIcon } from '../../../components/icons';
import type { BookingHistoryEntry, BookingMove, BookingPrice, PropertyDetails } from '../../../lib/api';
import { homePathFor } from '../../../lib/access';
import { useAuthStore } from '../../../lib/useAuthStore';
import { ClientStatusBadge } from '../ClientMoveCard';
import { formatMoveDate, statusLabel } from '../clientMoves';
import { formatEuros, formatInstantDate } from '../../../lib/format';
import { labelOf } from '../../../lib/moveOptions';
import { ACCESS_TYPES, FLOORS, PROPERTY_TYPES, hasFloors, PAYMENT_STATUS_LABELS } from '../../../lib/options';
import { BOOKING_MESSAGES, byWhom } from './booking';
import type { BookingLoad } from './useBookingMove';
// The pages are built from the dashboard's hero, cards and badges.
import '../ClientDashboardPage.css';

/** The client's own dashboard, where every booking page leads back to. */
export function useDashboardPath(): string {
  const user = useAuthStore((s) => s.user);
  return user ? homePathFor(user) : '/';
}

interface BookingHeroProps {
  eyebrow: string;
  /** The page's h1 (e.g. 'Mudanza #12'). */
  title: string;
  move?: BookingMove;
  children?: ReactNode;
}

/** The hero of the client dashboard, with the way back to it. */
export function BookingHero({ eyebrow, title, move, children }: BookingHeroProps) {
  const dashboard = useDashboardPath();
  return (
    <header className="client-hero booking-hero">
      <div className="container booking-hero__inner">
        <Link to={dashboard} className="booking-hero__back">
          <ArrowLeftIcon width={18} height={18} />
          Volver a mis mudanzas
        </Link>
        <h1 className="client-hero__heading">
          <span className="client-hero__eyebrow">{eyebrow}</span> <span className="client-hero__title">{title}</span>
        </h1>
        {move && (
          <p className="booking-hero__meta">
            <ClientStatusBadge status={move.status} />
            <span className="booking-hero__date">{formatMoveDate(move.fecha_programada)}</span>
          </p>
        )}
        {children}
      </div>
    </header>
  );
}

/** What a booking page shows before its move is ready: loading, not found, or a failure. */
export function BookingLoadState({
  load,
  onRetry,
}: {
  load: Exclude<BookingLoad, { kind: 'ready' }>;
  onRetry: () => void;
}) {
  const dashboard = useDashboardPath();
  if (load.kind === 'loading') {
    return (
      <p className="client-moves__message" role="status">
        Cargando la mudanza...
      </p>
    );
  }
  return (
    <div className="client-empty" role={load.kind === 'error' ? 'alert' : undefined}>
      <BoxIcon width={40} height={40} />
      <h2 className="client-empty__title">
        {load.kind === 'missing' ? 'No hemos encontrado esta mudanza' : 'No se pudo cargar la mudanza'}
      </h2>
      <p className="client-empty__text">{load.kind === 'missing' ? BOOKING_MESSAGES.notFound : load.message}</p>
      <div className="booking-actions">
        {load.kind === 'error' && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            Reintentar
          </button>
        )}
        <Link to={dashboard} className="button button--ghost">
          Ver mis mudanzas
        </Link>
      </div>
    </div>
  );
}

/** A white card with a heading, as on the dashboard's profile tab. */
export function BookingCard({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`client-card booking-card${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="client-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A label and its value, in a `<dl>`. */
export function Fact({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'booking-facts__wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** One address of the move: its property type, floor, elevator and access (§3, §4). */
export function PropertyFacts({
  title,
  address,
  property,
}: {
  title: string;
  address: string;
  property: PropertyDetails;
}) {
  const floors = hasFloors(property.property_type);
  return (
    <div className="booking-place">
      <h3 className="booking-place__title">{title}</h3>
      <p className="booking-place__address">{address}</p>
      <dl className="booking-facts">
        <Fact label="Vivienda">{labelOf(PROPERTY_TYPES, property.property_type)}</Fact>
        {floors && <Fact label="Planta">{labelOf(FLOORS, property.floor)}</Fact>}
        {floors && property.floor !== 'ground' && <Fact label="Ascensor">{property.elevator ? 'Sí' : 'No'}</Fact>}
        <Fact label="Acceso">{labelOf(ACCESS_TYPES, property.access)}</Fact>
      </dl>
    </div>
  );
}

/** §9: the itemised price, so nobody meets a surprise charge. */
export function PriceBreakdown({
  price,
  paymentStatus,
}: {
  price: BookingPrice;
  paymentStatus?: BookingMove['estado_pago'];
}) {
  const lines: [string, number][] = [
    ['Precio base', price.base],
    ['Distancia', price.distancia],
    ['Servicios', price.servicios],
    ['Urgencia', price.urgencia],
  ];
  return (
    <div className="booking-price">
      <dl className="booking-price__lines">
        {lines.map(([label, euros]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatEuros(euros)}</dd>
          </div>
        ))}
        <div className="booking-price__subtotal">
          <dt>Subtotal</dt>
          <dd>{formatEuros(price.subtotal)}</dd>
        </div>
        <div>
          <dt>{price.iva_aplicado ? `IVA (${price.iva_porcentaje}\u00a0%)` : 'IVA'}</dt>
          <dd>{price.iva_aplicado ? formatEuros(price.iva) : 'No aplicado'}</dd>
        </div>
        <div className="booking-price__total">
          <dt>Total</dt>
          <dd>{formatEuros(price.total)}</dd>
        </div>
      </dl>
      <dl className="booking-price__paid">
        {price.anticipo !== undefined && price.anticipo > 0 && (
          <div>
            <dt>Anticipo para reservar</dt>
            <dd>{formatEuros(price.anticipo)}</dd>
          </div>
        )}
        <div>
          <dt>Pagado</dt>
          <dd>{formatEuros(price.pagado)}</dd>
        </div>
        <div>
          <dt>Pendiente de pago</dt>
          <dd>{formatEuros(price.pendiente)}</dd>
        </div>
      </dl>
      {paymentStatus && (
        <p className="booking-price__status">
          Estado del pago:{' '}
          <span className={`client-pref client-pref--${paymentStatus === 'paid' ? 'on' : 'off'}`}>
            {PAYMENT_STATUS_LABELS[paymentStatus]}
          </span>
        </p>
      )}
    </div>
  );
}

/** Every status the move reached, oldest first, from the event log. */
export function StatusTimeline({ history }: { history: readonly BookingHistoryEntry[] }) {
  if (history.length === 0) return <p className="client-hint">Sin cambios de estado todavía.</p>;
  return (
    <ol className="booking-timeline">
      {history.map((entry, index) => (
        <li
          key={`${entry.fecha}-${index}`}
          className={`booking-timeline__item booking-timeline__item--${entry.status}`}
        >
          <span className="booking-timeline__dot" aria-hidden="true" />
          <div>
            <p className="booking-timeline__status">{statusLabel(entry.status)}</p>
            <p className="booking-timeline__meta">
              {entry.anterior === null ? 'Mudanza registrada' : `Antes: ${statusLabel(entry.anterior)}`}
            </p>
            <p className="booking-timeline__meta">
              <time dateTime={entry.fecha}>{formatInstantDate(entry.fecha)}</time> · {byWhom(entry)}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

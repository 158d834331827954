import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CheckCircleIcon } from '../../../components/icons';
import * as api from '../../../lib/api';
import type { BookingConditions, BookingMove } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { formatMoveDate, statusLabel } from '../clientMoves';
import { formatEuros, formatInstantDate } from '../../../lib/format';
import { BOOKING_MESSAGES, daysUntil, detailsPath, formPath } from './booking';
import { BookingCard, BookingHero, BookingLoadState, Fact, PriceBreakdown, useDashboardPath } from './BookingParts';
import { useBookingMove } from './useBookingMove';
import { TIME_SLOTS } from '../../../lib/options';
import { labelOf } from '../../../lib/moveOptions';
import './BookingPages.css';

/** §9: booking is recommended 4 to 6 weeks ahead. */
const RECOMMENDED_DAYS = 28;

function Conditions({ conditions, id }: { conditions: BookingConditions; id: string }) {
  return (
    <BookingCard title="Condiciones de reserva" id={id}>
      <ul className="booking-conditions">
        {conditions.apartados.map((c) => (
          <li key={c.titulo}>
            <strong>{c.titulo}.</strong> {c.texto}
          </li>
        ))}
      </ul>
      <table className="booking-fees">
        <caption>Coste de cancelar esta mudanza</caption>
        <thead>
          <tr>
            <th scope="col">Aviso</th>
            <th scope="col">Coste</th>
          </tr>
        </thead>
        <tbody>
          {conditions.cancelacion.map((tier) => (
            <tr key={tier.plazo}>
              <th scope="row">{tier.plazo}</th>
              <td>{tier.porcentaje === 0 ? 'Gratis' : `${tier.porcentaje}\u00a0% · ${formatEuros(tier.importe)}`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="client-hint">Versión de las condiciones: {conditions.version}</p>
    </BookingCard>
  );
}

function Summary({ move }: { move: BookingMove }) {
  return (
    <BookingCard title="Tu mudanza" id="booking-summary-title">
      <dl className="booking-facts">
        <Fact label="Origen" wide>
          {move.origen}
        </Fact>
        <Fact label="Destino" wide>
          {move.destino}
        </Fact>
        <Fact label="Fecha">
          <span className="booking-capitalize">{formatMoveDate(move.fecha_programada)}</span>
        </Fact>
        <Fact label="Franja horaria">{labelOf(TIME_SLOTS, move.hora_preferida)}</Fact>
        <Fact label="Contacto">
          {move.contacto.nombre || 'Sin indicar'}
          {move.contacto.telefono ? ` · ${move.contacto.telefono}` : ''}
        </Fact>
        <Fact label="Objetos">{move.objects.reduce((sum, o) => sum + o.quantity, 0)}</Fact>
      </dl>
      <p className="booking-inline-links">
        <Link to={detailsPath(move.id)}>Ver todos los detalles</Link>
        <Link to={formPath(move.id)}>Completar o corregir datos</Link>
      </p>
    </BookingCard>
  );
}

interface ConfirmFormProps {
  move: BookingMove;
  conditions: BookingConditions;
  onBooked: (body: api.BookingResponse | null) => void;
  onStale: () => Promise<void>;
}

function ConfirmForm({ move, conditions, onBooked, onStale }: ConfirmFormProps) {
  const [accepted, setAccepted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const checkboxRef = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const days = daysUntil(move.fecha_programada);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!accepted) {
      setError(BOOKING_MESSAGES.conditionsRequired);
      checkboxRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const response = await api.confirmBooking(move.id, {
        acepto_condiciones: true,
        condiciones_version: conditions.version,
        total: move.precio.total,
      });
      if (response.ok && response.body?.success) {
        onBooked(response.body);
        return;
      }
      setFailure(api.errorText(response.body, BOOKING_MESSAGES.confirmFailed));
      // The price or the conditions changed, or the move did: show what is true now. The tick
      // was given to what the page showed before, so it is asked for again.
      if (response.status === 409) {
        setAccepted(false);
        await onStale();
      }
    } catch {
      setFailure(BOOKING_MESSAGES.network);
    }
    setSending(false);
  };

  return (
    <form className="booking-confirm" noValidate onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="client-card__title">
        Confirmar la reserva
      </h2>
      {days >= 0 && days < RECOMMENDED_DAYS && (
        <p className="booking-note">
          Tu mudanza es {days === 0 ? 'hoy' : days === 1 ? 'mañana' : `dentro de ${days} días`}. Recomendamos reservar
          con 4 a 6 semanas de antelación; confirmarla cuanto antes nos ayuda a organizar el equipo.
        </p>
      )}
      <p className="booking-confirm__total">
        <span>Total a pagar (IVA incluido)</span>
        <strong>{formatEuros(move.precio.total)}</strong>
      </p>
      {failure && (
        <p ref={failureRef} className="form__error" role="alert" tabIndex={-1}>
          {failure}
        </p>
      )}
      <div className="booking-accept">
        <input
          ref={checkboxRef}
          id={`${id}-accept`}
          type="checkbox"
          checked={accepted}
          disabled={sending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-accept-error` : undefined}
          onChange={(e) => {
            setAccepted(e.target.checked);
            setError(null);
          }}
        />
        <label htmlFor={`${id}-accept`}>
          He leído y acepto el precio de {formatEuros(move.precio.total)} y las condiciones de reserva.
        </label>
      </div>
      {error && (
        <p id={`${id}-accept-error`} className="client-field-error">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={sending}>
        {sending ? 'Confirmando...' : 'Confirmar y reservar'}
      </button>
    </form>
  );
}

function Booked({ move }: { move: BookingMove }) {
  const dashboard = useDashboardPath();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="booking-done" aria-labelledby="booking-done-title">
      <CheckCircleIcon width={48} height={48} />
      <h2 id="booking-done-title" ref={headingRef} tabIndex={-1} className="booking-done__title">
        ¡Reserva confirmada!
      </h2>
      <p className="booking-done__text">
        Tu mudanza #{move.id} del <span>{formatMoveDate(move.fecha_programada)}</span> está confirmada
        {move.reserva ? ` desde el ${formatInstantDate(move.reserva.aceptada_en)}` : ''}, por{' '}
        {formatEuros(move.reserva?.total ?? move.precio.total)}.
      </p>
      <div className="booking-actions">
        <Link to={detailsPath(move.id)} className="button button--primary">
          Ver detalles de la mudanza
        </Link>
        <Link to={dashboard} className="button button--ghost">
          Volver a mis mudanzas
        </Link>
      </div>
    </section>
  );
}

function NotPending({ move }: { move: BookingMove }) {
  return (
    <div className="client-notice" role="status">
      <div>
        <p className="client-notice__title">Esta mudanza no se puede confirmar</p>
        <p className="client-notice__text">
          Solo se confirma una mudanza pendiente; esta está «{statusLabel(move.status)}».
        </p>
        <Link to={detailsPath(move.id)} className="button button--primary">
          Ver detalles
        </Link>
      </div>
    </div>
  );
}

/** §2 confirm_moving (/confirmar-mudanza?id=): the client accepts price and §9 conditions, which books the move. */
export function ConfirmMovePage() {
  const { id, load, reload, accept } = useBookingMove();
  // Set when this page booked the move: the success view stays even as live updates arrive.
  const [bookedHere, setBookedHere] = useState(false);
  useDocumentTitle('Confirmar mudanza');
  const move = load.kind === 'ready' ? load.move : undefined;

  let content;
  if (load.kind !== 'ready') {
    content = <BookingLoadState load={load} onRetry={() => void reload()} />;
  } else if (bookedHere || (load.move.status === 'confirmed' && load.move.reserva)) {
    content = <Booked move={load.move} />;
  } else if (!load.move.puede_confirmar) {
    content = <NotPending move={load.move} />;
  } else {
    content = (
      <div className="booking-layout">
        <div className="booking-layout__main">
          <Summary move={load.move} />
          <Conditions conditions={load.conditions} id="booking-conditions-title" />
        </div>
        <aside className="booking-layout__side" aria-label="Precio y confirmación">
          <BookingCard title="Precio" id="booking-price-title">
            <PriceBreakdown price={load.move.precio} />
          </BookingCard>
          <div className="client-card booking-card">
            <ConfirmForm
              move={load.move}
              conditions={load.conditions}
              onBooked={(body) => {
                if (accept(body)) setBookedHere(true);
                else void reload().then(() => setBookedHere(true));
              }}
              onStale={reload}
            />
          </div>
        </aside>
      </div>
    );
  }

  return (
    <div className="client-dashboard booking-page">
      <BookingHero eyebrow="Confirmar mudanza" title={id === null ? 'Mudanza' : `Mudanza #${id}`} move={move}>
        <p className="client-hero__subtitle">
          Revisa el precio y las condiciones. Al confirmar, reservamos la fecha y el equipo para tu mudanza.
        </p>
      </BookingHero>
      <div className="container client-dashboard__body">{content}</div>
    </div>
  );
}

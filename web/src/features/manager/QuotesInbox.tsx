import { useMemo, useState } from 'react';
import type { QuoteInboxEntry, QuoteStatus } from '../../lib/api';
import { showAlert } from '../../lib/browser';
import { FilterButtons } from '../../components/StaffDashboard';
import { Badge } from '../../components/Badge';
import { UserPlusIcon } from '../../components/icons';
import type { BadgeTone } from '../../lib/staffMoves';
import { formatEuros, formatNumber, formatDate, formatDateTime } from '../../lib/format';
import {
  calculatorAccessLabel,
  CONTACT_PREFERENCE_WORDS,
  countQuotes,
  filterQuotes,
  objectLines,
  objectsSummary,
  QUOTE_FILTERS,
  QUOTE_STATUS_LABELS,
  quoteServicesList,
  referralText,
  type ObjectNames,
  type QuoteFilter,
} from './quotes';
import { useQuotesStore } from './useQuotesStore';
import './QuotesInbox.css';
import { FLOORS, hasFloors, PROPERTY_TYPES, TIME_SLOTS } from '../../lib/options';
import { labelOf } from '../../lib/moveOptions';

const STATUS_TONES: Record<QuoteStatus, BadgeTone> = { nueva: 'info', convertida: 'success', descartada: 'muted' };

const EMPTY: Record<QuoteFilter, string> = {
  nueva: 'No hay solicitudes nuevas.',
  convertida: 'Ninguna solicitud se ha convertido todavía en mudanza.',
  descartada: 'No hay solicitudes descartadas.',
  todas: 'Todavía no ha llegado ninguna solicitud de presupuesto.',
};

// A quote whose requester's details were erased (a year without becoming a move, or their
// account deleted): the request stays, the person does not.
const ERASED_NAME = 'Datos eliminados';
const ERASED_CONTACT = 'Los datos de contacto se eliminaron (plazo de conservación cumplido o cuenta eliminada).';

function minutesText(minutes: number): string {
  const m = Math.round(minutes);
  return m < 60 ? `${m} min` : `${Math.floor(m / 60)} h ${m % 60} min`;
}

interface QuotesInboxProps {
  /** Opens the create wizard filled from the quote. */
  onConvert: (quote: QuoteInboxEntry) => void;
  /** Opens the move a quote became. */
  onViewMove: (moveId: number) => void;
}

/** The quote requests of the price finder, live: a manager turns each into a move or discards it. */
export function QuotesInbox({ onConvert, onViewMove }: QuotesInboxProps) {
  const quotes = useQuotesStore((s) => s.quotes);
  const loading = useQuotesStore((s) => s.loading);
  const failed = useQuotesStore((s) => s.failed);
  const names = useQuotesStore((s) => s.names);
  const [filter, setFilter] = useState<QuoteFilter>('nueva');
  const counts = useMemo(() => countQuotes(quotes), [quotes]);
  const shown = useMemo(() => filterQuotes(quotes, filter), [quotes, filter]);

  return (
    <section className="mgr-section mgr-quotes" aria-labelledby="mgr-quotes-title">
      <div className="mgr-section__head">
        <h2 id="mgr-quotes-title" className="mgr-section__title">
          Solicitudes de presupuesto
        </h2>
        <span className="mgr-quotes__new" role="status">
          {counts.nueva === 0 ? 'Ninguna pendiente' : counts.nueva === 1 ? '1 nueva' : `${counts.nueva} nuevas`}
        </span>
      </div>

      <FilterButtons
        className="mgr-filters"
        label="Filtrar solicitudes"
        options={QUOTE_FILTERS}
        value={filter}
        onChange={setFilter}
        extra={(key) => (
          <span className="mgr-filters__count" aria-hidden="true">
            {counts[key]}
          </span>
        )}
      />

      {loading && quotes.length === 0 ? (
        <p className="mgr-empty" role="status">
          Cargando solicitudes...
        </p>
      ) : failed ? (
        <p className="mgr-empty">No se pudieron cargar las solicitudes de presupuesto.</p>
      ) : shown.length === 0 ? (
        <p className="mgr-empty">{EMPTY[filter]}</p>
      ) : (
        <ul className="mgr-quotes__list" aria-label="Solicitudes">
          {shown.map((quote) => (
            <QuoteCard
              key={quote.id}
              quote={quote}
              names={names}
              onConvert={() => onConvert(quote)}
              onViewMove={onViewMove}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function sideText(side: QuoteInboxEntry['moveDetails']['origin']): string {
  const parts = [labelOf(PROPERTY_TYPES, side.propertyType)];
  if (hasFloors(side.propertyType)) {
    parts.push(`planta ${labelOf(FLOORS, side.floor).toLowerCase()}`);
    if (side.floor !== 'ground') parts.push(side.elevator ? 'con ascensor' : 'sin ascensor');
  }
  if (side.access !== 'normal') parts.push(calculatorAccessLabel(side.access).toLowerCase());
  return parts.join(' · ');
}

function QuoteCard({
  quote,
  names,
  onConvert,
  onViewMove,
}: {
  quote: QuoteInboxEntry;
  names: ObjectNames;
  onConvert: () => void;
  onViewMove: (moveId: number) => void;
}) {
  const discard = useQuotesStore((s) => s.discard);
  const discarding = useQuotesStore((s) => s.discarding.includes(quote.id));
  const [confirming, setConfirming] = useState(false);
  const d = quote.moveDetails;
  const lines = objectLines(quote, names);
  const services = quoteServicesList(d.services);
  const schedule = [
    labelOf(TIME_SLOTS, d.schedule.timePreference),
    d.schedule.flexibleDates ? 'fechas flexibles' : null,
  ].filter(Boolean);

  const confirmDiscard = async () => {
    const result = await discard(quote.id);
    setConfirming(false);
    if (!result.ok) showAlert(result.error);
  };

  const name = quote.datos_eliminados ? ERASED_NAME : quote.contact.name;
  const referral = referralText(quote);
  return (
    <li className={`mgr-quote mgr-quote--${quote.estado}`} aria-label={`Solicitud de ${name}`}>
      <div className="mgr-quote__head">
        <strong className="mgr-quote__name">{name}</strong>
        {quote.referencia && (
          // The customer reads this one in their confirmation email: it is how they name the request.
          <span className="mgr-quote__ref">
            <span className="sr-only">Referencia </span>
            {quote.referencia}
          </span>
        )}
        <Badge tone={STATUS_TONES[quote.estado]}>{QUOTE_STATUS_LABELS[quote.estado]}</Badge>
        {referral && (
          <span className="mgr-quote__referral">
            <UserPlusIcon aria-hidden="true" />
            {referral}
          </span>
        )}
        <span className="mgr-quote__received">Recibida {formatDateTime(quote.recibida)}</span>
      </div>

      <dl className="mgr-quote__facts">
        <div>
          <dt>Contacto</dt>
          {quote.datos_eliminados ? (
            <dd className="mgr-move__muted">{ERASED_CONTACT}</dd>
          ) : (
            <dd>
              <a href={`mailto:${quote.contact.email}`}>{quote.contact.email}</a>
              <br />
              <a href={`tel:${quote.contact.phone.replace(/\s+/g, '')}`}>{quote.contact.phone}</a>
              <span className="mgr-move__muted">
                {' '}
                · prefiere {CONTACT_PREFERENCE_WORDS[quote.contact.preferredContact] ?? quote.contact.preferredContact}
              </span>
            </dd>
          )}
        </div>
        <div>
          <dt>Trayecto</dt>
          <dd>
            <span className="mgr-move__label">Origen</span> {d.origin.address}
            <br />
            <span className="mgr-move__muted">{sideText(d.origin)}</span>
            <br />
            <span className="mgr-move__label">Destino</span> {d.destination.address}
            <br />
            <span className="mgr-move__muted">{sideText(d.destination)}</span>
            {d.distance > 0 && (
              <>
                <br />
                <span className="mgr-move__muted">
                  {formatNumber(d.distance, { decimals: 1 })} km · {minutesText(d.duration)}
                </span>
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Fecha</dt>
          <dd>
            {formatDate(d.schedule.preferredDate)}
            {d.schedule.alternativeDate && (
              <span className="mgr-move__muted"> (alternativa {formatDate(d.schedule.alternativeDate)})</span>
            )}
            <br />
            <span className="mgr-move__muted">{schedule.join(' · ')}</span>
          </dd>
        </div>
        <div>
          <dt>Objetos y servicios</dt>
          <dd>
            {objectsSummary(lines)}
            {quote.total_objetos > 0 && (
              <span className="mgr-move__muted">
                {' '}
                ({quote.total_objetos} {quote.total_objetos === 1 ? 'unidad' : 'unidades'})
              </span>
            )}
            <br />
            <span className="mgr-move__muted">
              {services.length === 0 ? 'Sin servicios adicionales' : services.join(', ')}
            </span>
            {d.instructions && <span className="mgr-quote__instructions">«{d.instructions}»</span>}
          </dd>
        </div>
      </dl>

      <div className="mgr-quote__foot">
        <p className="mgr-quote__price">
          <span className="mgr-move__label">Precio estimado</span>{' '}
          {quote.precio_estimado === null ? (
            <span className="mgr-move__muted">Sin estimar</span>
          ) : (
            formatEuros(quote.precio_estimado)
          )}
        </p>
        <div className="mgr-quote__actions">
          {quote.estado === 'nueva' && !confirming && (
            <>
              <button type="button" className="button button--primary mgr-move__button" onClick={onConvert}>
                Crear mudanza
              </button>
              <button
                type="button"
                className="button button--ghost mgr-move__button"
                onClick={() => setConfirming(true)}
              >
                Descartar
              </button>
            </>
          )}
          {quote.estado === 'nueva' && confirming && (
            <div className="mgr-quote__confirm" role="group" aria-label="Confirmar descarte">
              <span>¿Descartar esta solicitud?</span>
              <button
                type="button"
                className="button button--outline mgr-move__button"
                disabled={discarding}
                onClick={() => void confirmDiscard()}
              >
                {discarding ? 'Descartando...' : 'Sí, descartar'}
              </button>
              <button
                type="button"
                className="button button--ghost mgr-move__button"
                disabled={discarding}
                onClick={() => setConfirming(false)}
              >
                No
              </button>
            </div>
          )}
          {quote.estado === 'convertida' && quote.mudanza_id !== null && (
            <button
              type="button"
              className="button button--ghost mgr-move__button"
              onClick={() => onViewMove(quote.mudanza_id!)}
            >
              Ver mudanza #{quote.mudanza_id}
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

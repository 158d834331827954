import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LiveIndicator } from '../../../components/LiveIndicator';
import { MilestoneSteps } from '../../../components/MilestoneSteps';
import type { ClientMove } from '../../../lib/api';
import { clientAreaFor } from '../../../lib/access';
import { formatDateTime } from '../../../lib/format';
import { timeSlotLabel } from '../../../lib/options';
import { useAuthStore } from '../../../lib/useAuthStore';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { ClientStatusBadge } from '../ClientMoveCard';
import { dayStatusText, formatMoveDate, moveToFollow, statusLabel, trackingPath } from '../clientMoves';
import { useClientMovesStore, useLiveClientMoves } from '../useClientMovesStore';
import './TrackingPage.css';

/**
 * /seguimiento?id=N: one of the client's moves on its day, kept live by the feed: its status and
 * their history, the plan (date, time slot, crew), the crew's milestones and the photos as they
 * are uploaded. Without an id it follows the move under way or the next one.
 */
export function TrackingPage() {
  useDocumentTitle('Seguimiento de tu mudanza');
  const user = useAuthStore((s) => s.user);
  const moves = useClientMovesStore((s) => s.moves);
  const loading = useClientMovesStore((s) => s.loading);
  const [params] = useSearchParams();
  useLiveClientMoves(user?.id);

  const asked = Number(params.get('id'));
  const move = params.has('id') ? moves.find((m) => m.id === asked) : moveToFollow(moves);
  const area = clientAreaFor(user) ?? '/';
  const others = moves.filter((m) => m.id !== move?.id && m.status !== 'cancelled');

  return (
    <div className="tracking">
      <header className="tracking__hero">
        <div className="container tracking__hero-inner">
          <h1 className="tracking__title">{move ? `Seguimiento de la mudanza #${move.id}` : 'Seguimiento'}</h1>
          <LiveIndicator />
        </div>
      </header>
      <div className="container tracking__body">
        {move ? (
          <TrackedMove move={move} />
        ) : (
          <p className="tracking__message" role="status">
            {loading
              ? 'Cargando tus mudanzas...'
              : params.has('id')
                ? 'No encontramos esa mudanza entre las tuyas.'
                : 'No tienes ninguna mudanza en curso ni próxima.'}
          </p>
        )}
        {others.length > 0 && (
          <nav className="tracking__others" aria-label="Tus otras mudanzas">
            <h2 className="tracking__section-title">Tus otras mudanzas</h2>
            <ul>
              {others.map((m) => (
                <li key={m.id}>
                  <Link to={trackingPath(m.id)}>
                    Mudanza #{m.id} · {formatMoveDate(m.date)} · {statusLabel(m.status)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <Link to={area} className="button button--outline tracking__back">
          Volver a mi área de cliente
        </Link>
      </div>
    </div>
  );
}

function TrackedMove({ move }: { move: ClientMove }) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const images = move.images.filter((image) => !failed.has(image.id));
  // Moves projected before tracking existed lack these until the read model is rebuilt.
  const hitos = move.hitos ?? [];
  const equipo = move.equipo ?? [];
  const historial = move.historial ?? [];
  const day = move.status === 'in_progress' || move.status === 'completed' || hitos.length > 0;
  return (
    <article className="tracking__move" aria-label={`Mudanza ${move.id}`}>
      <div className="tracking__status">
        <ClientStatusBadge status={move.status} />
        <p className="tracking__now" aria-live="polite">
          {dayStatusText(move)}
        </p>
      </div>
      <p className="tracking__route">
        {move.from} <span aria-hidden="true">→</span>
        <span className="sr-only">hasta</span> {move.to}
      </p>

      <section className="tracking__section" aria-labelledby="tracking-plan">
        <h2 id="tracking-plan" className="tracking__section-title">
          El plan
        </h2>
        <dl className="tracking__plan">
          <div>
            <dt>Fecha</dt>
            <dd>{formatMoveDate(move.date)}</dd>
          </div>
          <div>
            <dt>Franja horaria</dt>
            <dd>{timeSlotLabel(move.time) ?? 'Por confirmar'}</dd>
          </div>
          <div>
            <dt>Equipo</dt>
            <dd>{equipo.length > 0 ? equipo.join(', ') : 'Te diremos quién va en cuanto asignemos el equipo.'}</dd>
          </div>
        </dl>
      </section>

      {day && (
        <section className="tracking__section" aria-labelledby="tracking-day">
          <h2 id="tracking-day" className="tracking__section-title">
            El día de la mudanza
          </h2>
          <MilestoneSteps recorded={hitos} label={`Hitos de la mudanza ${move.id}`} />
        </section>
      )}

      <section className="tracking__section" aria-labelledby="tracking-history">
        <h2 id="tracking-history" className="tracking__section-title">
          Historial
        </h2>
        <ol className="tracking__history">
          {[...historial].reverse().map((entry, index) => (
            <li key={`${entry.fecha}-${index}`}>
              <ClientStatusBadge status={entry.status} />
              <time dateTime={entry.fecha}>{formatDateTime(entry.fecha)}</time>
            </li>
          ))}
        </ol>
      </section>

      {images.length > 0 && (
        <section className="tracking__section" aria-labelledby="tracking-photos">
          <h2 id="tracking-photos" className="tracking__section-title">
            Fotos del equipo
          </h2>
          <ul className="tracking__photos">
            {images.map((image, index) => (
              <li key={image.id}>
                <a href={image.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={image.url}
                    alt={image.descripcion.trim() || `Foto ${index + 1} de la mudanza ${move.id}`}
                    loading="lazy"
                    onError={() => setFailed((prev) => new Set(prev).add(image.id))}
                  />
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

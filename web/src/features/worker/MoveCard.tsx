import { useState } from 'react';
import { ClockIcon, PhoneIcon, PinIcon } from '../../components/icons';
import { MilestoneSteps } from '../../components/MilestoneSteps';
import { openWaybill } from '../../lib/waybill';
import type { Milestone, StaffMove } from '../../lib/api';
import { nextMilestone } from '../../lib/options';
import { formatDate } from '../../lib/format';
import { servicesList, STATUS_TONES } from '../../lib/staffMoves';
import { StatusBadge, UrgentBadge } from '../../components/Badge';
import { objectsSummary, timeSlotLabel } from './moves';
import { reviewsWaybill } from './waybillView';
import './MoveCard.css';

interface MoveCardProps {
  move: StaffMove;
  today: string;
  /** Assigned to the signed-in worker: only then may they change its status or add photos. */
  mine: boolean;
  onChangeStatus: () => void;
  onUploadPhoto: () => void;
  onViewPhotos: () => void;
  /** Opens the waybill to note objects' condition and collect signatures (issue 21). */
  onReviewWaybill: () => void;
  /** Records the crew's next milestone: null when queued, else why it could not be. */
  onRecordMilestone: (hito: Milestone) => Promise<string | null>;
  /** The changes still on this device for the move (already shown in `move`), oldest first. */
  pending?: readonly { seq: number; text: string }[];
  /** The status shown is one of those changes, not yet the server's. */
  statusPending?: boolean;
  /** Photos still on this device, counted with the move's own. */
  pendingPhotos?: number;
}

/** The crew's day is followed while the move is booked or running. */
function followsDay(move: StaffMove): boolean {
  return move.estado === 'confirmada' || move.estado === 'en curso';
}

export function MoveCard({
  move,
  today,
  mine,
  onChangeStatus,
  onUploadPhoto,
  onViewPhotos,
  onReviewWaybill,
  onRecordMilestone,
  pending = [],
  statusPending = false,
  pendingPhotos = 0,
}: MoveCardProps) {
  const [recording, setRecording] = useState(false);
  const [milestoneError, setMilestoneError] = useState<string | null>(null);
  const hitos = move.hitos ?? [];
  const next = followsDay(move) ? nextMilestone(hitos) : null;
  const record = async (hito: Milestone) => {
    setRecording(true);
    setMilestoneError(null);
    setMilestoneError(await onRecordMilestone(hito));
    setRecording(false);
  };
  const objects = objectsSummary(move);
  const services = servicesList(move.services);
  const photos = move.photos.length + pendingPhotos;

  return (
    <article
      className={`move-card move-card--${STATUS_TONES[move.estado] ?? 'neutral'}`}
      aria-label={`Mudanza ${move.id}`}
    >
      <header className="move-card__header">
        <span className="move-card__number">#{move.id}</span>
        <div className="move-card__badges">
          {move.urgencia === 'urgente' && <UrgentBadge look="status" />}
          <StatusBadge estado={move.estado} look="status" />
          {statusPending && <span className="move-card__queued">pendiente de enviar</span>}
        </div>
      </header>

      <h3 className="move-card__client">{move.cliente_nombre}</h3>
      {move.cliente_telefono && (
        <a className="move-card__phone" href={`tel:${move.cliente_telefono.replace(/\s+/g, '')}`}>
          <PhoneIcon width={16} height={16} />
          {move.cliente_telefono}
        </a>
      )}

      <ol className="move-card__route">
        <li>
          <PinIcon width={16} height={16} />
          <span>
            <span className="move-card__label">Origen</span>
            {move.origen}
          </span>
        </li>
        <li>
          <PinIcon width={16} height={16} />
          <span>
            <span className="move-card__label">Destino</span>
            {move.destino}
          </span>
        </li>
      </ol>

      <p className="move-card__when">
        <ClockIcon width={16} height={16} />
        <span>
          {formatDate(move.fecha_programada)}
          {move.fecha_programada === today && <span className="move-card__today">Hoy</span>}
          <span className="move-card__slot">{timeSlotLabel(move.time)}</span>
        </span>
      </p>

      <dl className="move-card__facts">
        <div>
          <dt>Objetos</dt>
          <dd>
            {objects.total}
            {objects.names && <span className="move-card__muted">{objects.names}</span>}
          </dd>
        </div>
        <div>
          <dt>Servicios</dt>
          <dd>
            {services.length === 0 ? (
              <span className="move-card__muted">Sin servicios adicionales</span>
            ) : (
              <ul className="move-card__chips">
                {services.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt>Trabajador</dt>
          <dd>{move.worker || 'Sin asignar'}</dd>
        </div>
        <div>
          <dt>Fotos</dt>
          <dd>{photos}</dd>
        </div>
        {move.instructions.trim() !== '' && (
          <div className="move-card__wide">
            <dt>Instrucciones</dt>
            <dd>{move.instructions}</dd>
          </div>
        )}
      </dl>

      {(followsDay(move) || hitos.length > 0) && (
        <section className="move-card__day" aria-label={`Día de la mudanza ${move.id}`}>
          <MilestoneSteps recorded={hitos} label={`Hitos de la mudanza ${move.id}`} compact />
          {mine && next && (
            <button
              type="button"
              className="button button--primary move-card__milestone"
              disabled={recording}
              onClick={() => void record(next.value)}
            >
              {recording ? 'Registrando…' : `Registrar: ${next.label}`}
            </button>
          )}
          {milestoneError && (
            <p className="form__error" role="alert">
              {milestoneError}
            </p>
          )}
        </section>
      )}

      {pending.length > 0 && (
        <div className="move-card__pending">
          <span className="move-card__pending-title">Cambios sin enviar</span>
          <ul className="move-card__pending-list">
            {pending.map((change) => (
              <li key={change.seq}>{change.text}</li>
            ))}
          </ul>
        </div>
      )}
      {!mine && <p className="move-card__not-mine">No está asignada a ti: solo puedes consultarla.</p>}
      <div className="move-card__actions">
        {mine && (
          <>
            <button type="button" className="button button--primary" onClick={onChangeStatus}>
              Cambiar estado
            </button>
            <button type="button" className="button button--ghost" onClick={onUploadPhoto}>
              Subir foto
            </button>
          </>
        )}
        <button type="button" className="button button--ghost" onClick={onViewPhotos}>
          Ver fotos ({photos})
        </button>
        {reviewsWaybill(move) && (
          <button type="button" className="button button--ghost" onClick={onReviewWaybill}>
            Revisar albarán
          </button>
        )}
        <button type="button" className="button button--ghost" onClick={() => openWaybill(move.id, !move.albaran)}>
          Albarán
        </button>
      </div>
    </article>
  );
}

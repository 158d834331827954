import {
  answerText,
  daysLeftText,
  deadlineTone,
  RESOLUTION_TONES,
  type Audience,
  type ClaimAnswer,
  type ClaimDeadline,
  type ClaimDetail,
} from '../lib/claims';
import { formatDateTime, formatLongDate } from '../lib/format';
import { Badge } from './Badge';
import './ClaimRecords.css';

/**
 * When an unanswered claim is due, in Spanish working days: a warning once 3 or fewer are left,
 * 'Plazo vencido' once past. `lead` names the day for its reader ('Te responderemos como muy
 * tarde el', 'Responder como muy tarde el').
 */
export function ClaimDeadlineNote({ plazo, lead }: { plazo: ClaimDeadline; lead: string }) {
  const tone = deadlineTone(plazo);
  return (
    <div className={`claim-deadline claim-deadline--${tone}`} data-testid="plazo-reclamacion">
      <p className="claim-deadline__day">
        {lead} <time dateTime={plazo.fecha}>{formatLongDate(plazo.fecha)}</time>
      </p>
      <p className="claim-deadline__left">
        {tone !== 'neutral' && (
          <span className="claim-deadline__icon" aria-hidden="true">
            !
          </span>
        )}
        {daysLeftText(plazo)}
      </p>
    </div>
  );
}

/** The manager's answer: what was decided (and paid back), why, and when. */
export function ClaimAnswerNote({ answer, audience }: { answer: ClaimAnswer; audience: Audience }) {
  return (
    <div className={`claim-answer claim-answer--${RESOLUTION_TONES[answer.resolucion]}`} data-testid="respuesta">
      <p className="claim-answer__decision">{answerText(answer, audience)}</p>
      {answer.motivo.trim() !== '' && (
        <p className="claim-answer__reason">
          <span className="claim-answer__label">Motivo:</span> {answer.motivo}
        </p>
      )}
      <p className="claim-answer__when">
        Respondida el <time dateTime={answer.respondida_en}>{formatDateTime(answer.respondida_en)}</time>
      </p>
    </div>
  );
}

/** A badge of where the claim stands: the answer's outcome, or the deadline while it waits. */
export function ClaimStateBadge({ claim }: { claim: Pick<ClaimDetail, 'respuesta' | 'plazo'> }) {
  if (claim.respuesta) {
    return <Badge tone={RESOLUTION_TONES[claim.respuesta.resolucion]}>{answerText(claim.respuesta, 'gestion')}</Badge>;
  }
  const tone = deadlineTone(claim.plazo);
  return <Badge tone={tone === 'neutral' ? 'info' : tone}>{daysLeftText(claim.plazo)}</Badge>;
}

/** What the client claimed: the objects, their words and their photos. */
export function ClaimContent({ claim }: { claim: Pick<ClaimDetail, 'objetos' | 'texto' | 'fotos' | 'move_id'> }) {
  return (
    <div className="claim-content">
      <div>
        <p className="claim-content__label">Objetos</p>
        <ul className="claim-content__objects">
          {claim.objetos.map((o) => (
            <li key={o.id}>{o.nombre}</li>
          ))}
        </ul>
      </div>
      <div>
        <p className="claim-content__label">Descripción</p>
        <p className="claim-content__text">{claim.texto}</p>
      </div>
      {claim.fotos.length > 0 && (
        <div>
          <p className="claim-content__label">Fotos del cliente</p>
          <ul className="claim-photos" aria-label="Fotos de la reclamación">
            {claim.fotos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={photo.url}
                    alt={`Foto ${index + 1} de la reclamación de la mudanza ${claim.move_id}`}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

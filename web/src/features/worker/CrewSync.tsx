import { useId } from 'react';
import { formatCount, formatDateTime, formatTime } from '../../lib/format';
import { companyToday } from '../../lib/calendar';
import { crewQueue, useCrewQueue } from './useWorkerMovesStore';
import './CrewSync.css';

// What the crew's queue is doing, at the top of /trabajo (issue 21): how many changes are still
// on the device, whether they are on their way or waiting for the network or a new sign-in, and
// the changes the server refused, each until the worker has read why.

export const SIGN_IN_AGAIN = 'Inicia sesión de nuevo para enviar los cambios pendientes';

export function pendingText(count: number): string {
  return formatCount(count, 'cambio sin enviar', 'cambios sin enviar');
}

/** 'Sin conexión: datos de las 14:05' (another day: 'datos del 3 dic 2026, 14:05'). */
export function savedAtText(savedAt: string, today = companyToday()): string {
  if (companyToday(new Date(savedAt)) !== today) return `Sin conexión: datos del ${formatDateTime(savedAt)}`;
  const time = formatTime(savedAt);
  return `Sin conexión: datos de ${time.startsWith('1:') ? 'la' : 'las'} ${time}`;
}

/** The pending banner: always in the page, so a screen reader hears each change of it. */
export function SyncBanner({ savedAt }: { savedAt: string | null }) {
  const count = useCrewQueue((s) => s.pending.length);
  const sending = useCrewQueue((s) => s.sending);
  const offline = useCrewQueue((s) => s.offline);
  const signedOut = useCrewQueue((s) => s.signedOut);

  const state = signedOut
    ? SIGN_IN_AGAIN
    : savedAt
      ? savedAtText(savedAt)
      : offline
        ? 'Sin conexión'
        : sending && count > 0
          ? 'Enviando…'
          : null;
  const tone = signedOut ? 'danger' : savedAt || offline ? 'offline' : sending ? 'sending' : 'waiting';
  const shown = state !== null || count > 0;

  return (
    <div
      // Empty, a live region takes no room but stays in the page, so screen readers hear what it
      // says next.
      className={shown ? `crew-sync crew-sync--${tone}` : 'sr-only'}
      role="status"
      aria-live="polite"
      aria-label="Envío de cambios"
    >
      {shown && (
        <>
          {state && <strong className="crew-sync__state">{state}</strong>}
          {count > 0 && <span className="crew-sync__count">{pendingText(count)}</span>}
          {signedOut && (
            // A new page, so that the session is asked about afresh.
            <a className="crew-sync__action" href="/acceso-gerencia">
              Iniciar sesión
            </a>
          )}
        </>
      )}
    </div>
  );
}

/** The changes the server would not apply, with its reason, until the worker dismisses each. */
export function RefusedChanges() {
  const refused = useCrewQueue((s) => s.refused);
  const titleId = useId();
  return (
    <div className={refused.length > 0 ? undefined : 'sr-only'} aria-live="polite">
      {refused.length > 0 && (
        <section className="crew-refused" aria-labelledby={titleId}>
          <h2 id={titleId} className="crew-refused__title">
            Cambios no aplicados
          </h2>
          <ul className="crew-refused__list">
            {refused.map((change) => (
              <li key={change.seq} className="crew-refused__item">
                <p className="crew-refused__what" id={`${titleId}-${change.seq}`}>
                  <span>
                    Mudanza #{change.moveId} · {crewQueue.describe(change)}
                  </span>
                  <time className="crew-refused__when" dateTime={change.occurredAt}>
                    {formatDateTime(change.occurredAt)}
                  </time>
                </p>
                <p className="crew-refused__why">{change.error}</p>
                <button
                  type="button"
                  className="button button--ghost crew-refused__dismiss"
                  aria-describedby={`${titleId}-${change.seq}`}
                  onClick={() => void crewQueue.dismiss(change.seq)}
                >
                  Entendido
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

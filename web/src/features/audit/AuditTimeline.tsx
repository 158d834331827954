import type { AuditEvent } from '../../lib/api';
import { fieldLabel, formatInstant, isNested, valueText } from './audit';

interface AuditTimelineProps {
  events: readonly AuditEvent[];
  /** The position of the event the shown state reflects, to mark it. */
  current: number | null;
  onPick: (event: AuditEvent) => void;
}

function actorText(event: AuditEvent): string {
  const { nombre, id, rol_etiqueta } = event.actor;
  const who = nombre ?? id ?? 'Anónimo';
  return rol_etiqueta ? `${who} (${rol_etiqueta})` : who;
}

/** A signature's image as its event holds it (the log keeps the PNG itself), or null. */
export function signatureImage(event: AuditEvent): string | null {
  if (event.tipo !== 'move.waybill_signed') return null;
  const png = (event.datos as { imagen_png?: unknown } | null)?.imagen_png;
  return typeof png === 'string' && /^[A-Za-z0-9+/]+=*$/.test(png) ? `data:image/png;base64,${png}` : null;
}

/** The move's history, oldest first: one entry per event of the log. */
export function AuditTimeline({ events, current, onPick }: AuditTimelineProps) {
  if (events.length === 0) return <p className="audit-empty">Esta mudanza no tiene eventos.</p>;
  return (
    <ol className="audit-timeline" aria-label="Eventos de la mudanza">
      {events.map((event) => {
        const other = !event.flujo.startsWith('move-');
        const isCurrent = current === event.posicion;
        const signature = signatureImage(event);
        return (
          <li
            key={event.posicion}
            className={`audit-event${other ? ' audit-event--other' : ''}${isCurrent ? ' is-current' : ''}`}
            aria-current={isCurrent ? 'step' : undefined}
          >
            <span className="audit-event__marker" aria-hidden="true" />
            <article className="audit-event__card" aria-labelledby={`audit-event-${event.posicion}`}>
              <header className="audit-event__head">
                <h3 className="audit-event__title" id={`audit-event-${event.posicion}`}>
                  {event.etiqueta}
                </h3>
                {event.resumen && <p className="audit-event__summary">{event.resumen}</p>}
              </header>
              <p className="audit-event__actor">Por {actorText(event)}</p>
              {signature && <img className="audit-event__signature" src={signature} alt={`Firma: ${event.resumen}`} />}
              <dl className="audit-event__times">
                <div>
                  <dt>Ocurrido (dispositivo)</dt>
                  <dd>
                    <time dateTime={event.ocurrido_en}>{formatInstant(event.ocurrido_en)}</time>
                  </dd>
                </div>
                <div>
                  <dt>Registrado</dt>
                  <dd>
                    <time dateTime={event.registrado_en}>{formatInstant(event.registrado_en)}</time>
                  </dd>
                </div>
                <div>
                  <dt>Posición</dt>
                  <dd>
                    {event.posicion} · {event.flujo} v{event.version}
                  </dd>
                </div>
              </dl>
              {event.cambios.length > 0 && (
                <details className="audit-event__details">
                  <summary>{event.cambios.length === 1 ? '1 cambio' : `${event.cambios.length} cambios`}</summary>
                  <div className="audit-diff__scroll">
                    <table className="audit-diff">
                      <caption className="sr-only">Cambios de «{event.etiqueta}»</caption>
                      <thead>
                        <tr>
                          <th scope="col">Campo</th>
                          <th scope="col">Antes</th>
                          <th scope="col">Después</th>
                        </tr>
                      </thead>
                      <tbody>
                        {event.cambios.map((c) => (
                          <tr key={c.campo}>
                            <th scope="row">
                              {fieldLabel(c.campo)}
                              {isNested(c.campo) && <code className="audit-diff__path">{c.campo}</code>}
                            </th>
                            <td className="audit-diff__before">{valueText(c.antes)}</td>
                            <td className="audit-diff__after">{valueText(c.despues)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </details>
              )}
              <details className="audit-event__details">
                <summary>Datos del evento</summary>
                <pre className="audit-json">{JSON.stringify(event.datos, null, 2)}</pre>
                <p className="audit-event__meta">
                  Tipo <code>{event.tipo}</code> (versión {event.version_esquema}) · correlación{' '}
                  <code>{event.metadatos.correlation_id}</code>
                </p>
              </details>
              {!other && (
                <button
                  type="button"
                  className="button button--ghost audit-event__pick"
                  aria-describedby={`audit-event-${event.posicion}`}
                  onClick={() => onPick(event)}
                >
                  Ver el estado tras este evento
                </button>
              )}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import {
  fetchProjections,
  fetchRebuild,
  NetworkError,
  startRebuild,
  type ProjectionStatus,
  type RebuildStatus,
  type SkippedEvent,
} from '../../lib/api';
import { formatNumber } from '../../lib/format';
import {
  failureText,
  formatInstant,
  formatLag,
  NETWORK_TEXT,
  PHASE_LABELS,
  PROJECTION_LABELS,
  rebuildPercent,
  rebuildRunning,
} from './admin';

/** How often the status table refreshes itself, and the progress while a rebuild runs. */
export const STATUS_REFRESH_MS = 4000;
export const PROGRESS_REFRESH_MS = 400;

/** 'Proyecciones': each projector's checkpoint, lag and error, and a rebuild with its progress. */
export function ProjectionsPanel() {
  const [list, setList] = useState<ProjectionStatus[] | null>(null);
  const [head, setHead] = useState<number | null>(null);
  const [skipped, setSkipped] = useState<SkippedEvent[]>([]);
  const [rebuild, setRebuild] = useState<RebuildStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [refreshedAt, setRefreshedAt] = useState<string | null>(null);
  const alive = useRef(true);

  const load = useCallback(async () => {
    try {
      const response = await fetchProjections();
      if (!alive.current) return;
      if (response.ok && response.body?.proyecciones) {
        setList(response.body.proyecciones);
        setHead(response.body.cabeza ?? null);
        setSkipped(response.body.eventos_no_aplicados ?? []);
        setRebuild(response.body.reconstruccion ?? null);
        setRefreshedAt(new Date().toISOString());
        setError(null);
      } else {
        setError(failureText(response, 'leer el estado de las proyecciones'));
      }
    } catch {
      if (alive.current) setError(NETWORK_TEXT);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void load();
    const timer = window.setInterval(() => void load(), STATUS_REFRESH_MS);
    return () => {
      alive.current = false;
      window.clearInterval(timer);
    };
  }, [load]);

  const running = rebuildRunning(rebuild);

  // While a rebuild runs its progress is polled often; when it ends the table is read again.
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const response = await fetchRebuild();
        if (stopped || !response.ok) return;
        const status = response.body?.reconstruccion ?? null;
        setRebuild(status);
        if (!rebuildRunning(status)) void load();
      } catch {
        /* the next tick tries again */
      }
    }, PROGRESS_REFRESH_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [running, load]);

  const start = async (name: string) => {
    setError(null);
    try {
      const response = await startRebuild(name);
      if (response.ok && response.body?.reconstruccion) setRebuild(response.body.reconstruccion);
      else setError(failureText(response, 'empezar la reconstrucción'));
    } catch (e) {
      setError(e instanceof NetworkError ? NETWORK_TEXT : 'Error inesperado. Inténtalo de nuevo.');
    }
  };

  return (
    <div className="adm-projections">
      <section className="adm-card" aria-labelledby="adm-proj-title">
        <div className="adm-card__head">
          <h3 id="adm-proj-title" className="adm-card__title">
            Estado de las proyecciones
          </h3>
          <p className="adm-muted">
            Última posición del registro: <strong>{head === null ? '—' : formatNumber(head)}</strong>
            {refreshedAt && <> · actualizado {formatInstant(refreshedAt)}</>}
          </p>
        </div>
        {error && (
          <p className="adm-error" role="alert">
            {error}
          </p>
        )}
        {list === null && !error && <p className="adm-muted">Cargando…</p>}
        {list && (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--projections">
              <caption className="sr-only">Estado de las proyecciones</caption>
              <thead>
                <tr>
                  <th scope="col">Proyección</th>
                  <th scope="col">Punto de control</th>
                  <th scope="col">Eventos pendientes</th>
                  <th scope="col">Retraso</th>
                  <th scope="col">Estado</th>
                  <th scope="col">
                    <span className="sr-only">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => (
                  <tr key={p.nombre}>
                    <th scope="row" data-label="Proyección">
                      <span className="adm-code">{p.nombre}</span>
                      <span className="adm-muted adm-block">{PROJECTION_LABELS[p.nombre] ?? p.tablas.join(', ')}</span>
                    </th>
                    <td data-label="Punto de control">{formatNumber(p.posicion)}</td>
                    <td data-label="Pendientes">{formatNumber(p.eventos_pendientes)}</td>
                    <td data-label="Retraso">{formatLag(p.retraso_segundos)}</td>
                    <td data-label="Estado">
                      <ProjectionHealth projection={p} />
                    </td>
                    <td className="adm-actions">
                      <button
                        type="button"
                        className="button button--outline adm-small"
                        disabled={running}
                        aria-label={`Reconstruir ${p.nombre}`}
                        onClick={() => void start(p.nombre)}
                      >
                        Reconstruir
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {skipped.length > 0 && <SkippedEvents events={skipped} />}

      <section className="adm-card" aria-labelledby="adm-rebuild-title">
        <h3 id="adm-rebuild-title" className="adm-card__title">
          Reconstrucción
        </h3>
        <p className="adm-muted">
          Vuelve a leer el registro desde el principio y rehace las tablas de una proyección. Mientras tanto, las
          pantallas siguen mostrando las tablas actuales; las nuevas las sustituyen de una vez al terminar.
        </p>
        {rebuild ? (
          <RebuildProgress status={rebuild} />
        ) : (
          <p className="adm-muted">No se ha reconstruido nada desde que arrancó el servidor.</p>
        )}
      </section>
    </div>
  );
}

/** Events a projector could not apply: it recorded each one and went on with the next. */
function SkippedEvents({ events }: { events: SkippedEvent[] }) {
  return (
    <section className="adm-card" aria-labelledby="adm-skipped-title">
      <h3 id="adm-skipped-title" className="adm-card__title">
        Eventos no aplicados
      </h3>
      <p className="adm-muted">
        Una proyección no pudo aplicar estos eventos del registro: los anotó y siguió con los siguientes. Sus tablas no
        reflejan estos eventos hasta que una reconstrucción, con el error corregido, los aplique.
      </p>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <caption className="sr-only">Eventos no aplicados</caption>
          <thead>
            <tr>
              <th scope="col">Proyección</th>
              <th scope="col">Posición</th>
              <th scope="col">Evento</th>
              <th scope="col">Error</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e) => (
              <tr key={`${e.proyeccion}-${e.posicion}`}>
                <td data-label="Proyección">
                  <span className="adm-code">{e.proyeccion}</span>
                </td>
                <td data-label="Posición">{formatNumber(e.posicion)}</td>
                <td data-label="Evento">
                  <span className="adm-code">{e.tipo}</span>
                  <span className="adm-muted adm-block">{e.flujo}</span>
                </td>
                <td data-label="Error">
                  <span className="adm-error-text">{e.error}</span>
                  <span className="adm-muted adm-block">{formatInstant(e.registrado_en)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ProjectionHealth({ projection }: { projection: ProjectionStatus }) {
  if (projection.ultimo_error) {
    return (
      <>
        <span className="adm-pill adm-pill--bad">Error</span>
        <span className="adm-block adm-error-text">{projection.ultimo_error}</span>
        <span className="adm-muted adm-block">{formatInstant(projection.actualizada_en)}</span>
      </>
    );
  }
  if (projection.en_marcha === false) return <span className="adm-pill adm-pill--bad">Detenida</span>;
  if (projection.eventos_pendientes > 0) return <span className="adm-pill adm-pill--warn">Poniéndose al día</span>;
  return <span className="adm-pill adm-pill--ok">Al día</span>;
}

export function RebuildProgress({ status }: { status: RebuildStatus }) {
  const percent = rebuildPercent(status);
  return (
    <div className="adm-rebuild" aria-live="polite">
      <p className="adm-rebuild__line">
        <span className="adm-code">{status.proyeccion}</span> · {PHASE_LABELS[status.fase]} ·{' '}
        <strong>{percent} %</strong>
      </p>
      <div
        className={`adm-progress adm-progress--${status.fase}`}
        role="progressbar"
        aria-label={`Progreso de la reconstrucción de ${status.proyeccion}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %`}
      >
        <span className="adm-progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="adm-muted">
        {formatNumber(status.procesados)} de {formatNumber(status.total)} eventos · empezó{' '}
        {formatInstant(status.iniciada_en)}
        {status.terminada_en && <> · terminó {formatInstant(status.terminada_en)}</>}
      </p>
      {status.error && (
        <p className="adm-error" role="alert">
          La reconstrucción se detuvo: {status.error}. Las tablas anteriores siguen en uso.
        </p>
      )}
    </div>
  );
}

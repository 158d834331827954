import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { fetchDebugStatus, type DebugStatus, type ProjectionStatus } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { formatNumber } from '../../../lib/format';
import { failureText, formatInstant, formatLag, formatSize, NETWORK_TEXT, PROJECTION_LABELS } from '../admin';
import { SessionPanel } from '../../../components/SessionPanel';
import '../AdminDashboardPage.css';
import './DebugPage.css';

export const DEBUG_REFRESH_MS = 5000;

/** '3 d 4 h', '5 h 12 min', '42 s': how long the process has run. */
export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return `${m} min ${seconds % 60} s`;
  return `${seconds} s`;
}

function Health({ ok, children }: { ok: boolean; children: ReactNode }) {
  return <span className={`adm-pill adm-pill--${ok ? 'ok' : 'bad'}`}>{children}</span>;
}

function Card({ title, health, children }: { title: string; health?: ReactNode; children: ReactNode }) {
  const id = `dbg-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section className="adm-card dbg-card" aria-labelledby={id}>
      <div className="adm-card__head">
        <h2 id={id} className="adm-card__title">
          {title}
        </h2>
        {health}
      </div>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="adm-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="adm-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function projectionsHealthy(list: ProjectionStatus[]): boolean {
  return list.every((p) => p.en_marcha !== false && !p.ultimo_error);
}

/** /debug (admin only): the health of the database, the projectors, the live feed and the mailer. */
export function DebugPage() {
  useDocumentTitle('Estado del sistema');
  const [status, setStatus] = useState<DebugStatus | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const response = await fetchDebugStatus();
      if (response.ok && response.body?.base_de_datos) {
        // A 200 answers the whole status.
        setStatus(response.body as DebugStatus);
        setError(null);
      } else {
        setError(failureText(response, 'leer el estado del sistema'));
      }
    } catch {
      setError(NETWORK_TEXT);
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = window.setInterval(() => void load(), DEBUG_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [load]);

  const projections = status && Array.isArray(status.proyecciones) ? status.proyecciones : null;
  const mail = status && 'modo' in status.correo ? status.correo : null;

  return (
    <div className="adm-page">
      <header className="adm-hero">
        <div className="container adm-hero__inner">
          <div className="adm-hero__top">
            <Link to="/admin" className="adm-hero__link">
              Volver al panel de administración
            </Link>
          </div>
          <div className="adm-hero__main">
            <div>
              <h1 className="adm-hero__title">Estado del sistema</h1>
              <p className="adm-hero__subtitle" role="status">
                {status
                  ? `Actualizado ${formatInstant(status.generado_en)} · se refresca cada ${DEBUG_REFRESH_MS / 1000} s`
                  : 'Cargando…'}
              </p>
            </div>
            <SessionPanel />
          </div>
        </div>
      </header>

      <div className="container adm-body dbg-body">
        {error && (
          <p className="adm-error" role="alert">
            {error}
            {status && ' Se muestran los últimos datos recibidos.'}
          </p>
        )}
        {status && (
          <div className="dbg-grid">
            <Card
              title="Base de datos"
              health={
                <Health ok={status.base_de_datos.ok}>
                  {status.base_de_datos.ok ? 'Base de datos OK' : 'Sin respuesta'}
                </Health>
              }
            >
              {status.base_de_datos.error && <p className="adm-error">{status.base_de_datos.error}</p>}
              <Facts
                rows={[
                  ['Latencia de SELECT 1', `${formatNumber(status.base_de_datos.latencia_ms)} ms`],
                  ['Base de datos', status.base_de_datos.nombre ?? '—'],
                  ['Tamaño', formatSize(status.base_de_datos.tamano_bytes ?? null)],
                  [
                    'Conexiones del proceso',
                    `${status.base_de_datos.conexiones.abiertas} abiertas (${status.base_de_datos.conexiones.libres} libres) de ${status.base_de_datos.conexiones.maximo}`,
                  ],
                ]}
              />
            </Card>

            <Card
              title="Feed en directo"
              health={
                <Health
                  ok
                >{`${status.feed_en_directo.conexiones} ${status.feed_en_directo.conexiones === 1 ? 'conexión' : 'conexiones'}`}</Health>
              }
            >
              <Facts
                rows={[
                  ['WebSockets abiertos', formatNumber(status.feed_en_directo.conexiones)],
                  ['Enviado hasta la posición', formatNumber(status.feed_en_directo.enviado_hasta)],
                  ['Conexiones que se quedaron atrás', formatNumber(status.feed_en_directo.retrasos)],
                  ['Proyectado hasta', formatNumber(status.registro.proyectado_hasta)],
                  [
                    'Última posición del registro',
                    status.registro.cabeza == null ? '—' : formatNumber(status.registro.cabeza),
                  ],
                ]}
              />
            </Card>

            <Card
              title="Proyecciones"
              health={
                projections ? (
                  <Health ok={projectionsHealthy(projections)}>
                    {projectionsHealthy(projections) ? 'Todas en marcha' : 'Con problemas'}
                  </Health>
                ) : (
                  <Health ok={false}>Sin datos</Health>
                )
              }
            >
              {!projections && (
                <p className="adm-error">{'error' in status.proyecciones ? status.proyecciones.error : ''}</p>
              )}
              {projections && (
                <ul className="dbg-projections">
                  {projections.map((p) => (
                    <li key={p.nombre} className="dbg-projection">
                      <span className="adm-code">{p.nombre}</span>
                      <span className="adm-muted">{PROJECTION_LABELS[p.nombre] ?? ''}</span>
                      <span>
                        {p.en_marcha === false ? 'Bucle detenido' : 'Bucle en marcha'} · punto de control{' '}
                        {formatNumber(p.posicion)} · {formatNumber(p.eventos_pendientes)} pendientes ·{' '}
                        {formatLag(p.retraso_segundos)} de retraso
                      </span>
                      {p.ultimo_error && <span className="adm-error-text">{p.ultimo_error}</span>}
                    </li>
                  ))}
                </ul>
              )}
            </Card>

            <Card
              title="Correo"
              health={
                mail ? (
                  <Health ok={mail.con_error === 0}>{mail.con_error === 0 ? 'Sin errores' : 'Con errores'}</Health>
                ) : undefined
              }
            >
              {mail ? (
                <Facts
                  rows={[
                    ['Envío', mail.modo === 'smtp' ? 'SMTP' : 'Bandeja local (sin SMTP: se ven en /dev)'],
                    [mail.modo === 'smtp' ? 'Pendientes de enviar' : 'En la bandeja', formatNumber(mail.pendientes)],
                    ['Con error al enviar', formatNumber(mail.con_error)],
                    ['El más antiguo', formatInstant(mail.mas_antiguo)],
                  ]}
                />
              ) : (
                <p className="adm-error">{'error' in status.correo ? status.correo.error : ''}</p>
              )}
            </Card>

            <Card title="Versiones">
              <Facts
                rows={[
                  ['Aplicación', status.versiones.aplicacion],
                  ['Commit', status.versiones.commit ?? 'desconocido'],
                  ['Rust', status.versiones.rust ?? 'desconocido'],
                  ['PostgreSQL', status.versiones.postgres ?? '—'],
                ]}
              />
            </Card>

            <Card title="Proceso">
              <Facts
                rows={[
                  ['En marcha desde', formatInstant(status.proceso.iniciado_en)],
                  ['Tiempo en marcha', formatUptime(status.proceso.segundos_en_marcha)],
                  ['PID', String(status.proceso.pid)],
                ]}
              />
            </Card>
          </div>
        )}
      </div>
    </div>
  );
}

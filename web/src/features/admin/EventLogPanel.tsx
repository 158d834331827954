import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Field, Select } from '../../components/FormField';
import { Modal } from '../../components/Modal';
import { fetchEvents, type EventFilter, type LoggedEvent } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { failureText, formatInstant, localToIso, NETWORK_TEXT, ROLE_LABELS } from './admin';

export const PAGE_SIZE = 50;

interface FilterForm {
  flujo: string;
  tipo: string;
  actor: string;
  rol: string;
  desde: string;
  hasta: string;
  orden: 'desc' | 'asc';
}

const EMPTY: FilterForm = { flujo: '', tipo: '', actor: '', rol: '', desde: '', hasta: '', orden: 'desc' };

const ORDERS = [
  { value: 'desc', label: 'Más recientes primero' },
  { value: 'asc', label: 'Más antiguos primero' },
] as const;

const ACTOR_ROLES = ['cliente', 'empleado', 'empresario', 'admin', 'auditor', 'system'] as const;

function roleLabel(role?: string | null): string {
  if (!role) return '—';
  if (role === 'system') return 'Sistema';
  return ROLE_LABELS[role as keyof typeof ROLE_LABELS] ?? (role === 'cliente' ? 'Cliente' : role);
}

function toFilter(form: FilterForm): EventFilter {
  return {
    flujo: form.flujo,
    tipo: form.tipo,
    actor: form.actor,
    rol: form.rol,
    desde: localToIso(form.desde),
    hasta: localToIso(form.hasta),
    orden: form.orden,
    limit: PAGE_SIZE,
  };
}

/** 'Registro de eventos': the log, filtered and a page at a time, each event's whole content. */
export function EventLogPanel() {
  const [form, setForm] = useState<FilterForm>(EMPTY);
  const [applied, setApplied] = useState<FilterForm>(EMPTY);
  const [events, setEvents] = useState<LoggedEvent[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [types, setTypes] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<LoggedEvent | null>(null);

  const load = useCallback(async (filter: FilterForm, after: number | null) => {
    setLoading(true);
    setError(null);
    try {
      const response = await fetchEvents({ ...toFilter(filter), after: after ?? undefined });
      const page = response.body;
      if (response.ok && page?.eventos) {
        const received = page.eventos;
        setEvents((current) => (after === null ? received : [...(current ?? []), ...received]));
        setNext(page.siguiente ?? null);
        if (page.tipos) setTypes(page.tipos);
      } else {
        setError(failureText(response, 'leer el registro'));
      }
    } catch {
      setError(NETWORK_TEXT);
    }
    setLoading(false);
  }, []);

  useEffect(() => {
    void load(EMPTY, null);
  }, [load]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setApplied(form);
    void load(form, null);
  };

  const set = (key: keyof FilterForm, value: string) => setForm((f) => ({ ...f, [key]: value }));

  return (
    <div className="adm-events">
      <section className="adm-card" aria-labelledby="adm-events-filter-title">
        <h3 id="adm-events-filter-title" className="adm-card__title">
          Filtros
        </h3>
        <form className="adm-filters" onSubmit={search} role="search" aria-label="Filtrar el registro">
          <Field id="adm-ev-flujo" label="Flujo" hint="Termina en * para buscar por prefijo.">
            <input
              id="adm-ev-flujo"
              className="input"
              aria-describedby="adm-ev-flujo-hint"
              placeholder="move-12 o move-*"
              value={form.flujo}
              onChange={(e) => set('flujo', e.target.value)}
            />
          </Field>
          <Select
            id="adm-ev-tipo"
            label="Tipo"
            placeholder="Todos"
            options={types.map((t) => ({ value: t, label: t }))}
            value={form.tipo}
            onChange={(value) => set('tipo', value)}
          />
          <Field id="adm-ev-actor" label="Actor (id)">
            <input
              id="adm-ev-actor"
              className="input"
              placeholder="id de la cuenta o proceso"
              value={form.actor}
              onChange={(e) => set('actor', e.target.value)}
            />
          </Field>
          <Select
            id="adm-ev-rol"
            label="Rol del actor"
            placeholder="Todos"
            options={ACTOR_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))}
            value={form.rol}
            onChange={(value) => set('rol', value)}
          />
          <Field id="adm-ev-desde" label="Registrado desde">
            <input
              id="adm-ev-desde"
              className="input"
              type="datetime-local"
              value={form.desde}
              onChange={(e) => set('desde', e.target.value)}
            />
          </Field>
          <Field id="adm-ev-hasta" label="Registrado antes de">
            <input
              id="adm-ev-hasta"
              className="input"
              type="datetime-local"
              value={form.hasta}
              onChange={(e) => set('hasta', e.target.value)}
            />
          </Field>
          <Select
            id="adm-ev-orden"
            label="Orden"
            options={ORDERS}
            value={form.orden}
            onChange={(value) => set('orden', value)}
          />
          <div className="adm-filters__buttons">
            <button type="submit" className="button button--primary" disabled={loading}>
              Buscar
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setForm(EMPTY);
                setApplied(EMPTY);
                void load(EMPTY, null);
              }}
            >
              Limpiar
            </button>
          </div>
        </form>
      </section>

      <section className="adm-card" aria-labelledby="adm-events-title">
        <div className="adm-card__head">
          <h3 id="adm-events-title" className="adm-card__title">
            Eventos
          </h3>
          <p className="adm-muted" role="status">
            {events === null
              ? 'Cargando…'
              : `${formatNumber(events.length)} ${events.length === 1 ? 'evento' : 'eventos'}${next !== null ? ' (hay más)' : ''}`}
          </p>
        </div>
        {error && (
          <p className="adm-error" role="alert">
            {error}
          </p>
        )}
        {events && events.length === 0 && <p className="adm-muted">Ningún evento cumple los filtros.</p>}
        {events && events.length > 0 && (
          <div className="adm-table-wrap">
            <table className="adm-table adm-table--events">
              <caption className="sr-only">Eventos del registro</caption>
              <thead>
                <tr>
                  <th scope="col">Posición</th>
                  <th scope="col">Registrado</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Flujo</th>
                  <th scope="col">Actor</th>
                  <th scope="col">
                    <span className="sr-only">Detalle</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.posicion}>
                    <td data-label="Posición" className="adm-code adm-nowrap">
                      {e.posicion}
                    </td>
                    <td data-label="Registrado">{formatInstant(e.registrado_en)}</td>
                    <td data-label="Tipo" className="adm-code adm-nowrap">
                      {e.tipo}
                    </td>
                    <td data-label="Flujo">
                      <span className="adm-code">{e.flujo}</span> <span className="adm-muted">v{e.version}</span>
                    </td>
                    <td data-label="Actor">
                      {e.actor.nombre ?? e.actor.id ?? '—'}
                      <span className="adm-muted adm-block">{roleLabel(e.actor.rol)}</span>
                    </td>
                    <td className="adm-actions">
                      <button
                        type="button"
                        className="button button--ghost adm-small"
                        aria-label={`Ver el evento ${e.posicion}`}
                        onClick={() => setOpen(e)}
                      >
                        Ver
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {next !== null && (
          <button
            type="button"
            className="button button--outline adm-more"
            disabled={loading}
            onClick={() => void load(applied, next)}
          >
            {loading ? 'Cargando…' : 'Cargar más'}
          </button>
        )}
      </section>

      {open && <EventDetail event={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

function EventDetail({ event, onClose }: { event: LoggedEvent; onClose: () => void }) {
  return (
    <Modal title={`Evento ${event.posicion}`} intro={event.tipo} onClose={onClose} className="adm-event-modal">
      <dl className="adm-facts">
        <dt>Flujo</dt>
        <dd className="adm-code">
          {event.flujo} (versión {event.version})
        </dd>
        <dt>Esquema</dt>
        <dd>versión {event.version_esquema}</dd>
        <dt>Actor</dt>
        <dd>
          {event.actor.nombre ?? '—'} · {roleLabel(event.actor.rol)}
          {event.actor.id && <span className="adm-code adm-block">{event.actor.id}</span>}
        </dd>
        <dt>Ocurrió</dt>
        <dd>{formatInstant(event.ocurrido_en)}</dd>
        <dt>Registrado</dt>
        <dd>{formatInstant(event.registrado_en)}</dd>
      </dl>
      <h3 className="adm-json-title">Datos</h3>
      <pre className="adm-json" tabIndex={0} aria-label="Datos del evento">
        {JSON.stringify(event.datos, null, 2)}
      </pre>
      <h3 className="adm-json-title">Metadatos</h3>
      <pre className="adm-json" tabIndex={0} aria-label="Metadatos del evento">
        {JSON.stringify(event.metadatos, null, 2)}
      </pre>
    </Modal>
  );
}

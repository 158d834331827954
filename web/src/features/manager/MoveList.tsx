import { useEffect, useId, useMemo, useState } from 'react';
import {
  fetchWorkers,
  type MoveStatus,
  type PaymentStatus,
  type StaffMove,
  type StaffWorker,
  type Urgency,
} from '../../lib/api';
import { SearchIcon } from '../../components/icons';
import { FilterButtons } from '../../components/StaffDashboard';
import { LoadMore } from '../../components/LoadMore';
import { Select } from '../../components/FormField';
import { MANAGER_FILTERS, type ManagerFilter } from './managerMoves';
import { formatEuros, formatDate } from '../../lib/format';
import { StatusBadge, UrgentBadge } from '../../components/Badge';
import { labelOf } from '../../lib/moveOptions';
import { PAYMENT_STATUS_SHORT_LABELS, TIME_SLOTS, URGENCIES, WINDOW_ORDERS, WINDOW_VIEWS } from '../../lib/options';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX, type WindowFilter } from '../../lib/moveWindow';
import { useManagerWindow } from './useManagerWindow';

const PAYMENT_OPTIONS = (['pending', 'partial', 'paid'] as const).map((value) => ({
  value,
  label: PAYMENT_STATUS_SHORT_LABELS[value],
}));

interface MoveListProps {
  /** The rows as the page shows them (the edit form's unsaved status applied). */
  shown: (rows: readonly StaffMove[]) => readonly StaffMove[];
  onView: (id: number) => void;
  onEdit: (id: number) => void;
}

/**
 * §2 moves list as a server-side window (issue 19): the status buttons with their counts, the
 * other filters, a search and the order; one row per move, a page at a time.
 */
export function MoveList({ shown, onView, onEdit }: MoveListProps) {
  const rows = useManagerWindow((s) => s.rows);
  const filter = useManagerWindow((s) => s.filter);
  const conteos = useManagerWindow((s) => s.conteos);
  const loading = useManagerWindow((s) => s.loading);
  const loaded = useManagerWindow((s) => s.loaded);
  const loadingMore = useManagerWindow((s) => s.loadingMore);
  const siguiente = useManagerWindow((s) => s.siguiente);
  const error = useManagerWindow((s) => s.error);
  const setFilter = useManagerWindow((s) => s.setFilter);
  const loadMore = useManagerWindow((s) => s.loadMore);
  const [query, setQuery] = useState(filter.q ?? '');
  const [workers, setWorkers] = useState<StaffWorker[]>([]);
  const ids = useId();
  const visible = useMemo(() => shown(rows), [shown, rows]);

  useEffect(() => {
    let live = true;
    fetchWorkers()
      .then((list) => live && setWorkers(list))
      .catch((e: unknown) => console.error('No se pudieron cargar los trabajadores', e));
    return () => {
      live = false;
    };
  }, []);

  // The search is sent once typing pauses.
  useEffect(() => {
    const q = query.trim();
    if (q === (useManagerWindow.getState().filter.q ?? '')) return undefined;
    const timer = setTimeout(() => void setFilter({ q: q === '' ? undefined : q }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, setFilter]);

  const change = (patch: Partial<WindowFilter>) => void setFilter(patch);
  const status: ManagerFilter = filter.estado ?? 'all';
  const workerOptions = [
    { value: 'sin_asignar', label: 'Sin asignar' },
    ...workers.map((w) => ({ value: w.id, label: w.nombre })),
  ];
  const filtered =
    (filter.q ?? '') !== '' ||
    filter.estado !== undefined ||
    filter.desde !== undefined ||
    filter.hasta !== undefined ||
    filter.trabajador !== undefined ||
    filter.urgencia !== undefined ||
    filter.estado_pago !== undefined;

  return (
    <section className="mgr-section" aria-labelledby="mgr-moves-title">
      <div className="mgr-section__head">
        <h2 id="mgr-moves-title" className="mgr-section__title">
          Mudanzas
        </h2>
        <label className="mgr-search">
          <SearchIcon className="mgr-search__icon" />
          <span className="sr-only">Buscar mudanza</span>
          <input
            type="search"
            className="input mgr-search__input"
            placeholder="Cliente, dirección o n.º"
            maxLength={SEARCH_MAX}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </div>

      <FilterButtons
        className="mgr-filters"
        label="Filtrar por estado"
        options={MANAGER_FILTERS}
        value={status}
        onChange={(key) => change({ estado: key === 'all' ? undefined : (key as MoveStatus) })}
        extra={(key) => (
          <span className="mgr-filters__count" aria-hidden="true">
            {conteos ? conteos[key === 'all' ? 'todas' : key] : '…'}
          </span>
        )}
      />

      <div className="mgr-window-filters">
        <Select
          id={`${ids}-vista`}
          label="Fechas"
          value={filter.vista ?? 'todas'}
          options={WINDOW_VIEWS}
          onChange={(vista) => change({ vista })}
        />
        <div className="form__field">
          <label className="form__label" htmlFor={`${ids}-desde`}>
            Desde
          </label>
          <input
            id={`${ids}-desde`}
            type="date"
            className="input"
            value={filter.desde ?? ''}
            onChange={(e) => change({ desde: e.target.value || undefined })}
          />
        </div>
        <div className="form__field">
          <label className="form__label" htmlFor={`${ids}-hasta`}>
            Hasta
          </label>
          <input
            id={`${ids}-hasta`}
            type="date"
            className="input"
            value={filter.hasta ?? ''}
            onChange={(e) => change({ hasta: e.target.value || undefined })}
          />
        </div>
        <Select
          id={`${ids}-orden`}
          label="Orden"
          value={filter.orden ?? 'fecha'}
          options={WINDOW_ORDERS}
          onChange={(orden) => change({ orden })}
        />
        <Select<string>
          id={`${ids}-trabajador`}
          label="Trabajador"
          value={filter.trabajador ?? ''}
          placeholder="Todos"
          options={workerOptions}
          onChange={(trabajador) => change({ trabajador: trabajador || undefined })}
        />
        <Select<'' | Urgency>
          id={`${ids}-urgencia`}
          label="Urgencia"
          value={filter.urgencia ?? ''}
          placeholder="Todas"
          options={URGENCIES}
          onChange={(urgencia) => change({ urgencia: urgencia || undefined })}
        />
        <Select<'' | PaymentStatus>
          id={`${ids}-pago`}
          label="Pago"
          value={filter.estado_pago ?? ''}
          placeholder="Todos"
          options={PAYMENT_OPTIONS}
          onChange={(estado_pago) => change({ estado_pago: estado_pago || undefined })}
        />
      </div>

      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!loaded ? (
        <p className="mgr-empty" role="status">
          Cargando mudanzas...
        </p>
      ) : visible.length === 0 ? (
        <p className="mgr-empty" role="status">
          {loading
            ? 'Cargando mudanzas...'
            : (filter.q ?? '') !== ''
              ? 'Ninguna mudanza coincide con la búsqueda.'
              : filtered
                ? 'No hay mudanzas con estos filtros.'
                : 'No hay mudanzas.'}
        </p>
      ) : (
        <>
          <div className="mgr-moves" aria-busy={loading}>
            {visible.map((move) => (
              <MoveRow key={move.id} move={move} onView={() => onView(move.id)} onEdit={() => onEdit(move.id)} />
            ))}
          </div>
          <LoadMore
            shown={visible.length}
            hasMore={siguiente !== null}
            loading={loadingMore}
            onMore={() => void loadMore()}
          />
        </>
      )}
    </section>
  );
}

function MoveRow({ move, onView, onEdit }: { move: StaffMove; onView: () => void; onEdit: () => void }) {
  const unassigned = move.workerId === null;
  return (
    <article className="mgr-move" aria-label={`Mudanza ${move.id}`}>
      <div className="mgr-move__id">
        <span className="mgr-move__number">#{move.id}</span>
        <span className="mgr-move__badges">
          <StatusBadge estado={move.estado} />
          {move.urgencia === 'urgente' && <UrgentBadge />}
        </span>
      </div>
      <div className="mgr-move__client">
        <strong className="mgr-move__name">{move.cliente_nombre}</strong>
        <span className="mgr-move__muted">{move.cliente_telefono || move.cliente_email}</span>
      </div>
      <div className="mgr-move__route">
        <span>
          <span className="mgr-move__label">Origen</span> {move.origen}
        </span>
        <span>
          <span className="mgr-move__label">Destino</span> {move.destino}
        </span>
      </div>
      <div className="mgr-move__when">
        <span>{formatDate(move.fecha_programada)}</span>
        <span className="mgr-move__muted">{labelOf(TIME_SLOTS, move.time)}</span>
      </div>
      <div className="mgr-move__worker">
        <span className="mgr-move__label">Trabajador</span>
        <span className={unassigned ? 'mgr-move__muted' : undefined}>{move.worker}</span>
      </div>
      <div className="mgr-move__price">
        {typeof move.precio_total === 'number' ? formatEuros(move.precio_total) : '—'}
      </div>
      <div className="mgr-move__actions">
        <button type="button" className="button button--ghost mgr-move__button" onClick={onView}>
          Ver
        </button>
        <button type="button" className="button button--outline mgr-move__button" onClick={onEdit}>
          Editar
        </button>
      </div>
    </article>
  );
}

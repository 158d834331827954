import { useMemo, useState } from 'react';
import type { StaffMove } from '../../lib/api';
import { normalizeSearch } from '../../lib/text';
import { SearchIcon } from '../../components/icons';
import { FilterButtons } from '../../components/StaffDashboard';
import { countByStatus, filterManagerMoves, MANAGER_FILTERS, type ManagerFilter } from './managerMoves';
import { formatEuros, formatDate } from '../../lib/format';
import { StatusBadge, UrgentBadge } from '../../components/Badge';
import { labelOf } from '../../lib/moveOptions';
import { TIME_SLOTS } from '../../lib/options';

export const PAGE_SIZE = 20;

/** Case and accent insensitive, like the object search (§5). */
export function matchesSearch(move: StaffMove, query: string): boolean {
  const q = normalizeSearch(query);
  if (q === '') return true;
  const haystack = normalizeSearch(
    [
      move.id,
      move.cliente_nombre,
      move.cliente_email,
      move.cliente_telefono,
      move.origen,
      move.destino,
      move.worker,
    ].join(' '),
  );
  return q.split(/\s+/).every((word) => haystack.includes(word.replace(/^#/, '')));
}

interface MoveListProps {
  moves: readonly StaffMove[];
  loading: boolean;
  onView: (id: number) => void;
  onEdit: (id: number) => void;
}

/** §2 moves list: filters (all plus the five statuses), a search, and one row per move. */
export function MoveList({ moves, loading, onView, onEdit }: MoveListProps) {
  const [filter, setFilter] = useState<ManagerFilter>('all');
  const [query, setQuery] = useState('');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const counts = useMemo(() => countByStatus(moves), [moves]);
  const shown = useMemo(
    () => filterManagerMoves(moves, filter).filter((m) => matchesSearch(m, query)),
    [moves, filter, query],
  );
  const visible = shown.slice(0, limit);

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
            value={query}
            onChange={(e) => {
              setQuery(e.target.value);
              setLimit(PAGE_SIZE);
            }}
          />
        </label>
      </div>

      <FilterButtons
        className="mgr-filters"
        label="Filtrar por estado"
        options={MANAGER_FILTERS}
        value={filter}
        onChange={(key) => {
          setFilter(key);
          setLimit(PAGE_SIZE);
        }}
        extra={(key) => (
          <span className="mgr-filters__count" aria-hidden="true">
            {counts[key]}
          </span>
        )}
      />

      {loading && moves.length === 0 ? (
        <p className="mgr-empty" role="status">
          Cargando mudanzas...
        </p>
      ) : shown.length === 0 ? (
        <p className="mgr-empty">
          {query.trim() !== ''
            ? 'Ninguna mudanza coincide con la búsqueda.'
            : filter === 'all'
              ? 'No hay mudanzas.'
              : 'No hay mudanzas con este estado.'}
        </p>
      ) : (
        <>
          <div className="mgr-moves">
            {visible.map((move) => (
              <MoveRow key={move.id} move={move} onView={() => onView(move.id)} onEdit={() => onEdit(move.id)} />
            ))}
          </div>
          {shown.length > visible.length && (
            <div className="mgr-more">
              <span className="mgr-more__count">
                Mostrando {visible.length} de {shown.length}
              </span>
              <button type="button" className="button button--ghost" onClick={() => setLimit((l) => l + PAGE_SIZE)}>
                Mostrar más
              </button>
            </div>
          )}
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

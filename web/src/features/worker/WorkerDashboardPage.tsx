import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { Milestone, MoveStatus, StaffMove } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FilterButtons, StaffHero, StatCards, type StatCard } from '../../components/StaffDashboard';
import { LoadMore } from '../../components/LoadMore';
import { SearchIcon } from '../../components/icons';
import { useAuthStore } from '../../lib/useAuthStore';
import { useLiveFeed } from '../../lib/useLiveFeed';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX } from '../../lib/moveWindow';
import type { MoveWindowStore } from '../../lib/moveWindowStore';
import { MoveCard } from './MoveCard';
import { isAssignedTo, WORKER_FILTERS, WORKER_TABS, type WorkerFilter, type WorkerTab } from './moves';
import { PhotoModal, type PhotoTab } from './PhotoModal';
import { StatusModal } from './StatusModal';
import { WaybillModal } from './WaybillModal';
import {
  crewQueue,
  findMove,
  keepSnapshot,
  useAllMoves,
  useCrewQueue,
  useDoneToday,
  useMyMoves,
  useWorkerMovesStore,
} from './useWorkerMovesStore';
import { pendingPhotos, withPending } from './changeKinds';
import { RefusedChanges, SyncBanner } from './CrewSync';
import { linkCrewManifest, registerCrewWorker } from './crewApp';
import './WorkerDashboardPage.css';
import './WorkerModals.css';
import { companyToday } from '../../lib/calendar';

type OpenModal =
  | { kind: 'estado'; move: StaffMove }
  | { kind: 'fotos'; move: StaffMove; tab: PhotoTab }
  | { kind: 'albaran'; move: StaffMove }
  | null;

/** How often "today" is re-read, so a page left open overnight shows the right day (§9). */
const TODAY_REFRESH_MS = 60_000;

function useToday(): string {
  const [today, setToday] = useState(() => companyToday());
  useEffect(() => {
    const timer = setInterval(() => setToday(companyToday()), TODAY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}

export function WorkerDashboardPage() {
  useDocumentTitle('Panel del trabajador');
  const load = useWorkerMovesStore((s) => s.load);
  const applyChange = useWorkerMovesStore((s) => s.applyChange);
  const changeStatus = useWorkerMovesStore((s) => s.changeStatus);
  const uploadPhoto = useWorkerMovesStore((s) => s.uploadPhoto);
  const recordMilestone = useWorkerMovesStore((s) => s.recordMilestone);
  const noteCondition = useWorkerMovesStore((s) => s.noteCondition);
  const signWaybill = useWorkerMovesStore((s) => s.signWaybill);
  const reset = useWorkerMovesStore((s) => s.reset);
  const savedAt = useWorkerMovesStore((s) => s.savedAt);
  const pending = useCrewQueue((s) => s.pending);
  const myCounts = useMyMoves((s) => s.conteos);
  const doneToday = useDoneToday((s) => s.rows.length);
  const userId = useAuthStore((s) => s.user?.id);
  const userName = useAuthStore((s) => s.user?.nombre ?? '');
  const [tab, setTab] = useState<WorkerTab>('mias');
  const [modal, setModal] = useState<OpenModal>(null);
  const today = useToday();
  const tabsId = useId();

  useLiveFeed({ onChange: applyChange, onResync: () => void load(companyToday()) });
  useEffect(() => {
    void load(today);
  }, [load, today]);
  useEffect(() => reset, [reset]);

  // The crew's app (issue 21): installable, its shell kept for offline use, its list kept on the
  // device and its changes queued there until the server has them.
  useEffect(() => {
    registerCrewWorker();
    return linkCrewManifest();
  }, []);
  useEffect(() => keepSnapshot(), []);
  useEffect(() => (userId ? crewQueue.start(userId) : undefined), [userId]);
  // Back online, the device's copy gives way to the server's list at once, not at the live
  // feed's next reconnection.
  useEffect(() => {
    const reload = () => {
      if (useWorkerMovesStore.getState().savedAt) void load(companyToday());
    };
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [load]);

  // The open modal's move as the windows now show it; the copy it opened with once it left them.
  const myRows = useMyMoves((s) => s.rows);
  const allRows = useAllMoves((s) => s.rows);
  const modalMove = useMemo(() => {
    if (!modal) return undefined;
    const latest = findMove(modal.move.id);
    const move = latest && latest.version >= modal.move.version ? latest : modal.move;
    return withPending(move, pending);
    // The rows are what findMove reads: a change of either is a possibly newer copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modal, myRows, allRows, pending]);
  const closeModal = useCallback(() => setModal(null), []);

  const count = (n: number | undefined) => (myCounts ? (n ?? 0) : '…');
  const cards: StatCard[] = [
    { label: 'Mis mudanzas', value: count(myCounts?.todas), tone: 'primary' },
    { label: 'Pendientes', value: count(myCounts?.pendiente), tone: 'warning' },
    { label: 'En Progreso', value: count(myCounts?.['en curso']), tone: 'info' },
    { label: 'Completadas hoy', value: doneToday, tone: 'success' },
  ];

  const cardProps = (move: StaffMove) => {
    const own = pending.filter((c) => c.moveId === move.id);
    const shown = withPending(move, own);
    return {
      move: shown,
      pending: own.map((c) => ({ seq: c.seq, text: crewQueue.describe(c) })),
      statusPending: shown.estado !== move.estado,
      pendingPhotos: pendingPhotos(move, own).length,
      today,
      mine: isAssignedTo(move, userId),
      onChangeStatus: () => setModal({ kind: 'estado', move }),
      onUploadPhoto: () => setModal({ kind: 'fotos', move, tab: 'subir' }),
      onViewPhotos: () => setModal({ kind: 'fotos', move, tab: 'ver' }),
      onReviewWaybill: () => setModal({ kind: 'albaran', move }),
      onRecordMilestone: (hito: Milestone) => recordMilestone(move.id, hito),
    };
  };

  return (
    <div className="worker-dashboard">
      <StaffHero
        prefix="worker"
        title="Panel del trabajador"
        subtitle="Consulta las mudanzas, actualiza su estado y sube fotos del trabajo."
      />

      <div className="container worker-dashboard__body">
        <div className="worker-sync">
          <SyncBanner savedAt={savedAt} />
          <RefusedChanges />
        </div>
        <StatCards prefix="worker" label="Resumen" cards={cards} />

        <section aria-labelledby="worker-moves-title" className="worker-moves">
          <h2 id="worker-moves-title" className="sr-only">
            Mudanzas
          </h2>
          <div className="worker-tabs" role="tablist" aria-label="Qué mudanzas ver">
            {WORKER_TABS.map((t) => (
              <button
                key={t.key}
                type="button"
                role="tab"
                id={`${tabsId}-${t.key}`}
                aria-controls={`${tabsId}-${t.key}-panel`}
                aria-selected={tab === t.key}
                className={`worker-tabs__tab${tab === t.key ? ' is-active' : ''}`}
                onClick={() => setTab(t.key)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
            {tab === 'mias' ? (
              <MovesWindow
                key="mias"
                store={useMyMoves}
                empty="No tienes mudanzas asignadas de hoy en adelante."
                cardProps={cardProps}
              />
            ) : (
              <MovesWindow key="todas" store={useAllMoves} search empty="No hay mudanzas." cardProps={cardProps} />
            )}
          </div>
        </section>
      </div>

      {modal?.kind === 'estado' && modalMove && isAssignedTo(modalMove, userId) && (
        <StatusModal
          move={modalMove}
          onSave={(estado: MoveStatus) => changeStatus(modalMove.id, estado)}
          onClose={closeModal}
        />
      )}
      {modal?.kind === 'fotos' && modalMove && (
        <PhotoModal
          move={modalMove}
          initialTab={modal.tab}
          pendingPhotos={pendingPhotos(modalMove, pending)}
          onUpload={
            isAssignedTo(modalMove, userId)
              ? (file, descripcion) => uploadPhoto(modalMove.id, file, descripcion)
              : undefined
          }
          onClose={closeModal}
        />
      )}
      {modal?.kind === 'albaran' && modalMove && (
        <WaybillModal
          move={modalMove}
          pendingPhotos={pendingPhotos(modalMove, pending)}
          workerName={userName}
          onNote={
            isAssignedTo(modalMove, userId)
              ? (note, photos, descripcion) => noteCondition(modalMove.id, note, photos, descripcion)
              : undefined
          }
          onSign={isAssignedTo(modalMove, userId) ? (signature) => signWaybill(modalMove.id, signature) : undefined}
          onClose={closeModal}
        />
      )}
    </div>
  );
}

interface MovesWindowProps {
  store: MoveWindowStore;
  /** A search box over the window (the all-moves tab). */
  search?: boolean;
  empty: string;
  cardProps: (move: StaffMove) => Parameters<typeof MoveCard>[0];
}

/** One window of moves as cards: status filters with their counts, an optional search, 'Cargar más'. */
function MovesWindow({ store, search = false, empty, cardProps }: MovesWindowProps) {
  const rows = store((s) => s.rows);
  const filter = store((s) => s.filter);
  const conteos = store((s) => s.conteos);
  const loaded = store((s) => s.loaded);
  const loading = store((s) => s.loading);
  const loadingMore = store((s) => s.loadingMore);
  const siguiente = store((s) => s.siguiente);
  const error = store((s) => s.error);
  const setFilter = store((s) => s.setFilter);
  const loadMore = store((s) => s.loadMore);
  const [query, setQuery] = useState(filter.q ?? '');
  const status: WorkerFilter = filter.estado ?? 'all';

  useEffect(() => {
    const q = query.trim();
    if (q === (store.getState().filter.q ?? '')) return undefined;
    // A search looks through every date; clearing it goes back to the upcoming and recent ones.
    const timer = setTimeout(
      () => void setFilter(q === '' ? { q: undefined, vista: 'proximas' } : { q, vista: 'todas' }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [query, setFilter, store]);

  return (
    <div className="worker-window">
      <div className="worker-moves__head">
        {search && (
          <label className="worker-search">
            <SearchIcon className="worker-search__icon" />
            <span className="sr-only">Buscar mudanza</span>
            <input
              type="search"
              className="input worker-search__input"
              placeholder="N.º, cliente o dirección"
              maxLength={SEARCH_MAX}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </label>
        )}
        <FilterButtons
          className="worker-filters"
          label="Filtrar por estado"
          options={WORKER_FILTERS}
          value={status}
          onChange={(key) => void setFilter({ estado: key === 'all' ? undefined : (key as MoveStatus) })}
          extra={(key) =>
            conteos && (
              <span className="worker-filters__count" aria-hidden="true">
                {conteos[key === 'all' ? 'todas' : key]}
              </span>
            )
          }
        />
      </div>

      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      {!loaded || (loading && rows.length === 0) ? (
        <p className="worker-moves__empty" role="status">
          Cargando mudanzas...
        </p>
      ) : rows.length === 0 ? (
        <p className="worker-moves__empty" role="status">
          {(filter.q ?? '') !== ''
            ? 'Ninguna mudanza coincide con la búsqueda.'
            : status === 'all'
              ? empty
              : 'No hay mudanzas con este estado.'}
        </p>
      ) : (
        <>
          <div className="worker-moves__list" aria-busy={loading}>
            {rows.map((move) => (
              <MoveCard key={move.id} {...cardProps(move)} />
            ))}
          </div>
          <LoadMore
            shown={rows.length}
            hasMore={siguiente !== null}
            loading={loadingMore}
            onMore={() => void loadMore()}
          />
        </>
      )}
    </div>
  );
}

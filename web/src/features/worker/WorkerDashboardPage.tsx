import { useCallback, useEffect, useMemo, useState } from 'react';
import { Logo } from '../../components/Logo';
import type { MoveStatus } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SessionPanel } from '../auth/SessionPanel';
import { LiveIndicator } from '../live/LiveIndicator';
import { useLiveFeed } from '../live/useLiveFeed';
import { MoveCard } from './MoveCard';
import { filterMoves, localToday, WORKER_FILTERS, workerStats, type WorkerFilter } from './moves';
import { PhotoModal, type PhotoTab } from './PhotoModal';
import { StatusModal } from './StatusModal';
import { useWorkerMovesStore } from './useWorkerMovesStore';
import './WorkerDashboardPage.css';
import './WorkerModals.css';

type OpenModal = { kind: 'estado'; moveId: number } | { kind: 'fotos'; moveId: number; tab: PhotoTab } | null;

/** How often "today" is re-read, so a page left open overnight counts the right day (§9). */
const TODAY_REFRESH_MS = 60_000;

function useToday(): string {
  const [today, setToday] = useState(localToday);
  useEffect(() => {
    const timer = setInterval(() => setToday(localToday()), TODAY_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return today;
}

export function WorkerDashboardPage() {
  useDocumentTitle('Panel del trabajador');
  const moves = useWorkerMovesStore((s) => s.moves);
  const loading = useWorkerMovesStore((s) => s.loading);
  const load = useWorkerMovesStore((s) => s.load);
  const applyChange = useWorkerMovesStore((s) => s.applyChange);
  const changeStatus = useWorkerMovesStore((s) => s.changeStatus);
  const uploadPhoto = useWorkerMovesStore((s) => s.uploadPhoto);
  const [filter, setFilter] = useState<WorkerFilter>('all');
  const [modal, setModal] = useState<OpenModal>(null);
  const today = useToday();

  useLiveFeed({ onChange: applyChange, onResync: () => void load() });
  useEffect(() => {
    void load();
  }, [load]);

  const stats = useMemo(() => workerStats(moves, today), [moves, today]);
  const shown = useMemo(() => filterMoves(moves, filter), [moves, filter]);
  // Looked up on every render, so an open modal shows the move as the live feed last changed it.
  const modalMove = modal ? moves.find((m) => m.id === modal.moveId) : undefined;
  const closeModal = useCallback(() => setModal(null), []);

  const cards = [
    { label: 'Total de mudanzas', value: stats.total, tone: 'primary' },
    { label: 'Pendientes', value: stats.pending, tone: 'warning' },
    { label: 'En Progreso', value: stats.inProgress, tone: 'info' },
    { label: 'Completadas hoy', value: stats.completedToday, tone: 'success' },
  ];

  return (
    <div className="worker-dashboard">
      <header className="worker-hero">
        <div className="container worker-hero__inner">
          <div className="worker-hero__top">
            <Logo inverted />
            <LiveIndicator />
          </div>
          <div className="worker-hero__main">
            <div>
              <h1 className="worker-hero__title">Panel del trabajador</h1>
              <p className="worker-hero__subtitle">
                Consulta las mudanzas, actualiza su estado y sube fotos del trabajo.
              </p>
            </div>
            <SessionPanel />
          </div>
        </div>
      </header>

      <div className="container worker-dashboard__body">
        <section aria-label="Resumen" className="worker-stats">
          {cards.map((card) => (
            <div key={card.label} className={`worker-stat worker-stat--${card.tone}`}>
              <span className="worker-stat__label">{card.label}</span>
              <span className="worker-stat__value">{card.value}</span>
            </div>
          ))}
        </section>

        <section aria-labelledby="worker-moves-title" className="worker-moves">
          <div className="worker-moves__head">
            <h2 id="worker-moves-title" className="worker-moves__title">
              Mudanzas
            </h2>
            <div className="worker-filters" role="group" aria-label="Filtrar por estado">
              {WORKER_FILTERS.map((f) => (
                <button
                  key={f.key}
                  type="button"
                  className={`worker-filters__button${filter === f.key ? ' is-active' : ''}`}
                  aria-pressed={filter === f.key}
                  onClick={() => setFilter(f.key)}
                >
                  {f.label}
                </button>
              ))}
            </div>
          </div>

          {loading && moves.length === 0 ? (
            <p className="worker-moves__empty" role="status">
              Cargando mudanzas...
            </p>
          ) : shown.length === 0 ? (
            <p className="worker-moves__empty">
              {filter === 'all' ? 'No hay mudanzas.' : 'No hay mudanzas con este estado.'}
            </p>
          ) : (
            <div className="worker-moves__list">
              {shown.map((move) => (
                <MoveCard
                  key={move.id}
                  move={move}
                  today={today}
                  onChangeStatus={() => setModal({ kind: 'estado', moveId: move.id })}
                  onUploadPhoto={() => setModal({ kind: 'fotos', moveId: move.id, tab: 'subir' })}
                  onViewPhotos={() => setModal({ kind: 'fotos', moveId: move.id, tab: 'ver' })}
                />
              ))}
            </div>
          )}
        </section>
      </div>

      {modal?.kind === 'estado' && modalMove && (
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
          onUpload={(file, descripcion) => uploadPhoto(modalMove.id, file, descripcion)}
          onClose={closeModal}
        />
      )}
    </div>
  );
}

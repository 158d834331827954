import { useCallback, useEffect, useMemo, useState } from 'react';
import type { MoveStatus } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FilterButtons, StaffHero, StatCards, type StatCard } from '../../components/StaffDashboard';
import { useAuthStore } from '../../lib/useAuthStore';
import { useLiveFeed } from '../../lib/useLiveFeed';
import { MoveCard } from './MoveCard';
import { localToday } from '../../lib/staffMoves';
import { filterMoves, isAssignedTo, WORKER_FILTERS, workerStats, type WorkerFilter } from './moves';
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
  const userId = useAuthStore((s) => s.user?.id);
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

  const cards: StatCard[] = [
    { label: 'Total de mudanzas', value: stats.total, tone: 'primary' },
    { label: 'Pendientes', value: stats.pending, tone: 'warning' },
    { label: 'En Progreso', value: stats.inProgress, tone: 'info' },
    { label: 'Completadas hoy', value: stats.completedToday, tone: 'success' },
  ];

  return (
    <div className="worker-dashboard">
      <StaffHero
        prefix="worker"
        title="Panel del trabajador"
        subtitle="Consulta las mudanzas, actualiza su estado y sube fotos del trabajo."
      />

      <div className="container worker-dashboard__body">
        <StatCards prefix="worker" label="Resumen" cards={cards} />

        <section aria-labelledby="worker-moves-title" className="worker-moves">
          <div className="worker-moves__head">
            <h2 id="worker-moves-title" className="worker-moves__title">
              Mudanzas
            </h2>
            <FilterButtons
              className="worker-filters"
              label="Filtrar por estado"
              options={WORKER_FILTERS}
              value={filter}
              onChange={setFilter}
            />
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
                  mine={isAssignedTo(move, userId)}
                  onChangeStatus={() => setModal({ kind: 'estado', moveId: move.id })}
                  onUploadPhoto={() => setModal({ kind: 'fotos', moveId: move.id, tab: 'subir' })}
                  onViewPhotos={() => setModal({ kind: 'fotos', moveId: move.id, tab: 'ver' })}
                />
              ))}
            </div>
          )}
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
          onUpload={
            isAssignedTo(modalMove, userId)
              ? (file, descripcion) => uploadPhoto(modalMove.id, file, descripcion)
              : undefined
          }
          onClose={closeModal}
        />
      )}
    </div>
  );
}

// What the worker dashboard shows of the staff moves: the statuses a worker may set and its filters
// (§4), stat cards (§9) and the card texts. Pure functions, so the rules are tested without a page.
// What both staff dashboards share (status names and colours, merging, dates) is in ../moves/staffMoves.
import type { MoveStatus, StaffMove } from '../../lib/api';
import { TIME_SLOTS } from '../../lib/options';
import { labelOf } from '../../lib/moveOptions';
import { formatNumber } from '../../lib/format';

/** §4: the statuses a worker may set, in any order (the server refuses 'confirmada'). */
export const WORKER_STATUSES: readonly MoveStatus[] = ['pendiente', 'en curso', 'finalizada', 'cancelada'];

/**
 * Workers see every move (§6) but change the status of, and add photos to, only the moves
 * assigned to them; the server refuses the rest.
 */
export function isAssignedTo(move: Pick<StaffMove, 'workerId'>, userId: string | undefined): boolean {
  return userId !== undefined && move.workerId === userId;
}

export type WorkerFilter = 'all' | 'pending' | 'in_progress' | 'completed';

/** §4 worker filters; each maps to the staff status with the same customer key. */
export const WORKER_FILTERS: readonly { key: WorkerFilter; label: string; estado: MoveStatus | null }[] = [
  { key: 'all', label: 'Todas', estado: null },
  { key: 'pending', label: 'Pendientes', estado: 'pendiente' },
  { key: 'in_progress', label: 'En Progreso', estado: 'en curso' },
  { key: 'completed', label: 'Completadas', estado: 'finalizada' },
];

export function filterMoves(moves: readonly StaffMove[], filter: WorkerFilter): StaffMove[] {
  const status = WORKER_FILTERS.find((f) => f.key === filter)?.estado ?? null;
  return status === null ? [...moves] : moves.filter((m) => m.estado === status);
}

export interface WorkerStats {
  total: number;
  pending: number;
  inProgress: number;
  /** §9: finalizada moves scheduled today. */
  completedToday: number;
}

export function workerStats(moves: readonly StaffMove[], today: string): WorkerStats {
  const stats: WorkerStats = { total: moves.length, pending: 0, inProgress: 0, completedToday: 0 };
  for (const m of moves) {
    if (m.estado === 'pendiente') stats.pending += 1;
    else if (m.estado === 'en curso') stats.inProgress += 1;
    else if (m.estado === 'finalizada' && m.fecha_programada === today) stats.completedToday += 1;
  }
  return stats;
}

// Card texts.

export function timeSlotLabel(time: string): string {
  return time.trim() === '' ? 'Sin preferencia de horario' : labelOf(TIME_SLOTS, time);
}

/** '3 objetos · 95 kg' and the first names, so the crew knows what to bring at a glance. */
export function objectsSummary(move: Pick<StaffMove, 'objects'>, shown = 3): { total: string; names: string } {
  const units = move.objects.reduce((sum, o) => sum + o.quantity, 0);
  if (units === 0) return { total: 'Sin objetos', names: '' };
  const kg = move.objects.reduce((sum, o) => sum + o.peso * o.quantity, 0);
  const total = `${units} ${units === 1 ? 'objeto' : 'objetos'}${kg > 0 ? ` · ${formatNumber(kg, { decimals: 1 })} kg` : ''}`;
  const listed = move.objects.slice(0, shown).map((o) => `${o.nombre} ×${o.quantity}`);
  const rest = move.objects.length - shown;
  return { total, names: rest > 0 ? `${listed.join(', ')} y ${rest} más` : listed.join(', ') };
}

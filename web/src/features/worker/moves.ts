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

export type WorkerFilter = 'all' | MoveStatus;

/** §4 worker filters, and the confirmed moves (issue 19: a worker needs to see what is confirmed). */
export const WORKER_FILTERS: readonly { key: WorkerFilter; label: string }[] = [
  { key: 'all', label: 'Todas' },
  { key: 'pendiente', label: 'Pendientes' },
  { key: 'confirmada', label: 'Confirmadas' },
  { key: 'en curso', label: 'En Progreso' },
  { key: 'finalizada', label: 'Completadas' },
  { key: 'cancelada', label: 'Canceladas' },
];

/** The tabs of the worker's dashboard. */
export type WorkerTab = 'mias' | 'todas';

export const WORKER_TABS: readonly { key: WorkerTab; label: string }[] = [
  { key: 'mias', label: 'Mis mudanzas' },
  { key: 'todas', label: 'Todas las mudanzas' },
];

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

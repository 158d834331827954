// What the manager dashboard shows of moves: the status filters (§4: all plus the five
// statuses), the display texts, and the analytics labels.
import type { AnalyticsPeriod, MoveStatus } from '../../lib/api';
import { formatCalendarDate, formatNumber, formatRating } from '../../lib/format';
import { MOVE_STATUS_LABELS } from '../../lib/options';

export type ManagerFilter = 'all' | MoveStatus;

export const MANAGER_FILTERS: readonly { key: ManagerFilter; label: string }[] = [
  { key: 'all', label: 'Todas' },
  { key: 'pendiente', label: MOVE_STATUS_LABELS.pendiente },
  { key: 'confirmada', label: MOVE_STATUS_LABELS.confirmada },
  { key: 'en curso', label: MOVE_STATUS_LABELS['en curso'] },
  { key: 'finalizada', label: MOVE_STATUS_LABELS.finalizada },
  { key: 'cancelada', label: MOVE_STATUS_LABELS.cancelada },
];

/** §4: managers may set any of the five statuses. */
export const MANAGER_STATUSES: readonly MoveStatus[] = [
  'pendiente',
  'confirmada',
  'en curso',
  'finalizada',
  'cancelada',
];

export const PERIODS: readonly { key: AnalyticsPeriod; label: string }[] = [
  { key: 'dia', label: 'Día' },
  { key: 'semana', label: 'Semana' },
  { key: 'mes', label: 'Mes' },
];

/** An axis label for a period starting on `inicio`: '9 mar' for days and weeks, 'mar 2026' for months. */
export function periodTick(inicio: string, period: AnalyticsPeriod): string {
  return formatCalendarDate(inicio, period === 'mes' ? 'monthYear' : 'dayMonth');
}

/** A tooltip title: '9 de marzo de 2026', 'Semana del 9 de marzo de 2026', 'marzo de 2026'. */
export function periodTitle(inicio: string, period: AnalyticsPeriod): string {
  if (period === 'mes') return formatCalendarDate(inicio, 'longMonth');
  const day = formatCalendarDate(inicio, 'long');
  return period === 'semana' ? `Semana del ${day}` : day;
}

/** The average stars of the published reviews: '4,9 / 5', or 'Sin opiniones' before the first. */
export function formatSatisfaction(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'Sin opiniones' : formatRating(value);
}

export function formatCount(value: number): string {
  return formatNumber(value, { decimals: 0, grouped: true });
}

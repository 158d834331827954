// The client's own moves as the dashboard shows them (§3 'Move, customer view'; §4 customer
// statuses, filters and colours; §9 thumbnails). Pure functions, so the rules are tested without a page.
import type { ClientMove, ClientMoveImage, ClientMoveStatus } from '../../lib/api';
import { formatLongDateWithWeekday } from '../../lib/format';
import { CLIENT_STATUS_LABELS } from '../../lib/options';
import type { BadgeTone } from '../../lib/staffMoves';

/** §4 colours: completed green, pending warning, in progress info, cancelled error; confirmed neutral. */
export const CLIENT_STATUS_TONES: Record<ClientMoveStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'neutral',
  in_progress: 'info',
  completed: 'success',
  cancelled: 'error',
};

export function statusLabel(status: string): string {
  return CLIENT_STATUS_LABELS[status as ClientMoveStatus] ?? status;
}

export function statusTone(status: string): BadgeTone {
  return CLIENT_STATUS_TONES[status as ClientMoveStatus] ?? 'neutral';
}

export type ClientFilter = 'all' | 'completed' | 'pending' | 'confirmed' | 'in_progress' | 'cancelled';

/**
 * §4 customer filter keys, and 'Confirmadas', which §4 lacks: a booked move is the one a client
 * most wants to find, and without it it showed only under 'Todas'.
 */
export const CLIENT_FILTERS: readonly { key: ClientFilter; label: string }[] = [
  { key: 'all', label: 'Todas' },
  { key: 'completed', label: 'Completadas' },
  { key: 'pending', label: 'Pendientes' },
  { key: 'confirmed', label: 'Confirmadas' },
  { key: 'in_progress', label: 'En progreso' },
  { key: 'cancelled', label: 'Canceladas' },
];

export function filterClientMoves(moves: readonly ClientMove[], filter: ClientFilter): ClientMove[] {
  return filter === 'all' ? [...moves] : moves.filter((m) => m.status === filter);
}

/** §9: a card shows at most this many thumbnails, then '+N más'. */
export const MAX_THUMBNAILS = 3;

export interface Thumbnails {
  shown: ClientMoveImage[];
  /** How many images are not shown; 0 when all fit. */
  hidden: number;
}

export function thumbnails(images: readonly ClientMoveImage[], max = MAX_THUMBNAILS): Thumbnails {
  return { shown: images.slice(0, max), hidden: Math.max(0, images.length - max) };
}

/** '+2 más', or null when every image is shown. */
export function moreImagesLabel(hidden: number): string | null {
  return hidden > 0 ? `+${hidden} más` : null;
}

// Keeping the list: a live change and an HTTP answer can arrive in either order.

/** Newest date first, then the higher number: the move the client is waiting for is at the top. */
function byDateDesc(a: ClientMove, b: ClientMove): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return b.id - a.id;
}

export function sortClientMoves(moves: readonly ClientMove[]): ClientMove[] {
  return [...moves].sort(byDateDesc);
}

/** Replaces the move with the same id, or adds it. */
export function upsertClientMove(moves: readonly ClientMove[], incoming: ClientMove): ClientMove[] {
  const index = moves.findIndex((m) => m.id === incoming.id);
  if (index === -1) return sortClientMoves([...moves, incoming]);
  const next = [...moves];
  next[index] = incoming;
  return moves[index]!.date === incoming.date ? next : sortClientMoves(next);
}

/**
 * A freshly loaded list, with the live changes that arrived while it was on its way laid over it:
 * the customer view carries no version, and such a change may be newer than what the answer read.
 */
export function mergeLoadedMoves(loaded: readonly ClientMove[], liveDuringLoad: Iterable<ClientMove>): ClientMove[] {
  let moves = sortClientMoves(loaded);
  for (const move of liveDuringLoad) moves = upsertClientMove(moves, move);
  return moves;
}

const STATUSES = new Set<string>(Object.keys(CLIENT_STATUS_LABELS));

/** Whether a live change's data looks like a customer-view move. */
export function isClientMove(data: unknown): data is ClientMove {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<ClientMove>;
  return (
    typeof m.id === 'number' &&
    typeof m.status === 'string' &&
    STATUSES.has(m.status) &&
    typeof m.from === 'string' &&
    typeof m.to === 'string' &&
    typeof m.date === 'string' &&
    typeof m.price === 'number' &&
    Array.isArray(m.images)
  );
}

// Texts.

/** '2026-03-09' → 'lunes, 9 de marzo de 2026' (a calendar date: no time-zone shift). */
export function formatMoveDate(isoDate: string): string {
  return isoDate === '' ? isoDate : formatLongDateWithWeekday(isoDate);
}

// Following a move on the day (/seguimiento).

/** The path of a move's tracking page; without a move, the page picks the one to follow. */
export function trackingPath(id?: number): string {
  return id === undefined ? '/seguimiento' : `/seguimiento?id=${id}`;
}

const FOLLOW_ORDER: Partial<Record<ClientMoveStatus, number>> = { in_progress: 0, confirmed: 1, pending: 2 };

/**
 * The move a client most likely wants to follow: the one under way, else the next booked one,
 * else the next pending one (soonest date first); null when none is still to happen.
 */
export function moveToFollow(moves: readonly ClientMove[]): ClientMove | null {
  const open = moves.filter((m) => FOLLOW_ORDER[m.status as ClientMoveStatus] !== undefined);
  open.sort(
    (a, b) =>
      FOLLOW_ORDER[a.status as ClientMoveStatus]! - FOLLOW_ORDER[b.status as ClientMoveStatus]! ||
      (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id),
  );
  return open[0] ?? null;
}

/** One sentence on where the day stands, from the status and the last milestone recorded. */
export function dayStatusText(move: ClientMove): string {
  const last = (move.hitos ?? []).at(-1);
  switch (move.status) {
    case 'pending':
      return 'Tu mudanza está pendiente de confirmar. Completa sus detalles y reserva la fecha.';
    case 'confirmed':
      return 'Tu mudanza está confirmada. Aquí verás al equipo en cuanto salga hacia el origen.';
    case 'completed':
      return 'Tu mudanza ha terminado. ¡Gracias por confiar en nosotros!';
    case 'cancelled':
      return 'Esta mudanza está cancelada.';
    default:
      return (last && IN_PROGRESS_TEXT[last.hito]) ?? 'Tu mudanza está en curso.';
  }
}

const IN_PROGRESS_TEXT: Record<string, string> = {
  en_camino: 'El equipo va de camino a la dirección de origen.',
  llegada_origen: 'El equipo ha llegado a la dirección de origen y está cargando.',
  carga_terminada: 'La carga ha terminado: el equipo va hacia la dirección de destino.',
  llegada_destino: 'El equipo ha llegado a la dirección de destino y está descargando.',
};

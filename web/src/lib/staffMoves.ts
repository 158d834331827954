// Staff moves as both staff dashboards (worker and manager) show them: status names and colours
// (§4), keeping the newest version of each move, and date and service texts. Pure functions.
import type { MoveServices, MoveStatus, StaffMove } from './api';

/** What a badge says by its colour (components/Badge): every status and payment badge uses one of these. */
export type BadgeTone = 'warning' | 'neutral' | 'info' | 'success' | 'error' | 'urgent' | 'muted';

/** §4 colours: completed green, pending warning, in progress info, cancelled error. */
export const STATUS_TONES: Record<MoveStatus, BadgeTone> = {
  pendiente: 'warning',
  confirmada: 'neutral',
  'en curso': 'info',
  finalizada: 'success',
  cancelada: 'error',
};

/** The server's order: by date, then by number. */
function byDateThenId(a: StaffMove, b: StaffMove): number {
  if (a.fecha_programada !== b.fecha_programada) return a.fecha_programada < b.fecha_programada ? -1 : 1;
  return a.id - b.id;
}

/**
 * Puts `incoming` in the list unless the list already holds a newer version of that move: a live
 * change and an HTTP answer can arrive in either order, and the older must not win.
 */
export function upsertMove(moves: readonly StaffMove[], incoming: StaffMove): StaffMove[] {
  const index = moves.findIndex((m) => m.id === incoming.id);
  if (index === -1) return [...moves, incoming].sort(byDateThenId);
  const current = moves[index]!;
  if (current.version > incoming.version) return [...moves];
  const next = [...moves];
  next[index] = incoming;
  return current.fecha_programada === incoming.fecha_programada ? next : next.sort(byDateThenId);
}

/** A freshly loaded list merged with what the live feed delivered while it was loading. */
export function mergeMoves(current: readonly StaffMove[], loaded: readonly StaffMove[]): StaffMove[] {
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const move of loaded) {
    const held = byId.get(move.id);
    if (!held || held.version <= move.version) byId.set(move.id, move);
  }
  return [...byId.values()].sort(byDateThenId);
}

/** Whether a live change's data looks like a staff move document. */
export function isStaffMove(data: unknown): data is StaffMove {
  if (typeof data !== 'object' || data === null) return false;
  const m = data as Partial<StaffMove>;
  return (
    typeof m.id === 'number' &&
    typeof m.estado === 'string' &&
    typeof m.version === 'number' &&
    typeof m.fecha_programada === 'string' &&
    Array.isArray(m.objects) &&
    Array.isArray(m.photos)
  );
}

// Texts.

export function servicesList(services: MoveServices): string[] {
  const list: string[] = [];
  if (services.dismount) {
    list.push(services.dismount_quantity > 0 ? `Desmontaje ×${services.dismount_quantity}` : 'Desmontaje');
  }
  if (services.packaging) {
    list.push(services.packaging_quantity > 0 ? `Embalaje ×${services.packaging_quantity}` : 'Embalaje');
  }
  if (services.cleaning) list.push('Limpieza');
  if (services.fragile) list.push('Objetos frágiles');
  if (services.long_stairs) list.push('Escaleras largas');
  return list;
}

// The staff lists as server-side windows (GET /api/mudanzas): a filter, the rows loaded so far and
// the cursor to the next page. The server filters and sorts; the browser decides by itself, with
// the server's own rules, whether a move the live feed changed belongs in the window it shows, so
// a change never makes it download the list again. Pure functions; the store is moveWindowStore.
import type { PaymentStatus, StaffMove, WindowCounts, WindowOrder, WindowQuery } from './api';
import { addDays } from './calendar';

export type { WindowCounts, WindowOrder };

/** What a window shows: the query parameters of GET /api/mudanzas but the paging and prices. */
export type WindowFilter = Omit<WindowQuery, 'limite' | 'cursor' | 'include_price'>;

/** 'Próximas y recientes' reaches this many days before today. */
export const RECENT_DAYS = 7;

/** The server's bound on `q`, after trimming. */
export const SEARCH_MAX = 100;

/** Digits naming a move's number are at most this many. */
const NUMBER_MAX_DIGITS = 9;

/** From this many digits a number search also looks in the client's phone. */
const PHONE_MIN_DIGITS = 6;

/** Lower case without accents (á→a, ü→u, ñ→n, ç→c), as the server folds the search text. */
export function foldSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Characters of each part the server's search text keeps, and of the whole (events-schema text.rs). */
const SEARCH_PART_MAX = 120;
const SEARCH_TEXT_MAX = 600;
/** Digits of a phone the server keeps for the number search. */
const PHONE_DIGITS_MAX = 32;

/** The first `n` characters (code points, as the server counts them). */
function firstChars(text: string, n: number): string {
  const chars = Array.from(text);
  return chars.length <= n ? text : chars.slice(0, n).join('');
}

/** The folded text a search looks for words in, bounded as the server stores it. */
export function searchText(parts: readonly string[]): string {
  return firstChars(parts.map((part) => firstChars(foldSearch(part), SEARCH_PART_MAX)).join('\n'), SEARCH_TEXT_MAX);
}

/**
 * What a search asks for: a move's number and, from six digits, a phone's digits (a number too
 * long to be a move's is only a phone); or words, every one of which must be found.
 */
export type ParsedSearch =
  { kind: 'none' } | { kind: 'number'; id: number | null; phone: string | null } | { kind: 'words'; words: string[] };

export function parseSearch(q: string | undefined): ParsedSearch {
  const text = (q ?? '').trim();
  if (text === '') return { kind: 'none' };
  const number = /^(?:#|n\.º|nº)?\s*(\d+)$/u.exec(text.toLowerCase())?.[1];
  if (number !== undefined) {
    return {
      kind: 'number',
      id: number.length <= NUMBER_MAX_DIGITS ? Number(number) : null,
      phone: number.length >= PHONE_MIN_DIGITS ? number : null,
    };
  }
  return { kind: 'words', words: foldSearch(text).split(/\s+/u).filter(Boolean) };
}

type Searchable = Pick<
  StaffMove,
  'id' | 'cliente_nombre' | 'cliente_email' | 'cliente_telefono' | 'origen' | 'destino'
>;

export function matchesSearch(move: Searchable, q: string | undefined): boolean {
  const search = parseSearch(q);
  switch (search.kind) {
    case 'none':
      return true;
    case 'number': {
      if (search.id !== null && move.id === search.id) return true;
      if (search.phone === null) return false;
      const digits = (move.cliente_telefono ?? '').replace(/[^0-9]/g, '').slice(0, PHONE_DIGITS_MAX);
      return digits.includes(search.phone);
    }
    case 'words': {
      const haystack = searchText([
        move.cliente_nombre ?? '',
        move.cliente_email ?? '',
        move.cliente_telefono ?? '',
        move.origen ?? '',
        move.destino ?? '',
      ]);
      return search.words.every((word) => haystack.includes(word));
    }
  }
}

/** What the matcher reads of a move: a staff move, or the shared fixture's smaller object. */
export type WindowMove = Searchable &
  Pick<StaffMove, 'estado' | 'fecha_programada' | 'workerId' | 'urgencia'> & { estado_pago?: PaymentStatus | null };

/**
 * Whether `move` belongs in the window `filter` names, by the server's rules: `today` is the
 * company's calendar day (Europe/Madrid), `callerId` the signed-in user (for `trabajador=yo`).
 */
export function matchesWindow(
  move: WindowMove,
  filter: WindowFilter,
  today: string,
  callerId: string | null | undefined,
): boolean {
  if (filter.estado && move.estado !== filter.estado) return false;
  if (filter.desde && move.fecha_programada < filter.desde) return false;
  if (filter.hasta && move.fecha_programada > filter.hasta) return false;
  if (filter.vista === 'proximas' && move.fecha_programada < addDays(today, -RECENT_DAYS)) return false;
  if (filter.trabajador) {
    const worker = move.workerId ?? null;
    if (filter.trabajador === 'yo') {
      if (!callerId || worker !== callerId) return false;
    } else if (filter.trabajador === 'sin_asignar') {
      if (worker !== null) return false;
    } else if (worker !== filter.trabajador) {
      return false;
    }
  }
  if (filter.urgencia && move.urgencia !== filter.urgencia) return false;
  if (filter.estado_pago && move.estado_pago !== filter.estado_pago) return false;
  return matchesSearch(move, filter.q);
}

/** The server's order for `orden` (fecha by default): negative when `a` comes first. */
export function compareMoves(
  a: Pick<StaffMove, 'id' | 'fecha_programada'>,
  b: Pick<StaffMove, 'id' | 'fecha_programada'>,
  order: WindowOrder = 'fecha',
): number {
  const byId = a.id - b.id;
  const byDate = a.fecha_programada < b.fecha_programada ? -1 : a.fecha_programada > b.fecha_programada ? 1 : 0;
  switch (order) {
    case 'fecha':
      return byDate || byId;
    case '-fecha':
      return -byDate || -byId;
    case 'numero':
      return byId;
    case '-numero':
      return -byId;
  }
}

/** The loaded part of a window: its rows in the server's order, and whether more follow. */
export interface WindowRows {
  rows: readonly StaffMove[];
  /** The cursor of the next page; null when every matching move is loaded. */
  siguiente: string | null;
}

export interface MergeContext {
  filter: WindowFilter;
  today: string;
  callerId: string | null | undefined;
}

/**
 * A move as the live feed (or a server answer) now shows it, merged into the window: its row is
 * updated while it still matches, removed once it does not, and a move that now matches is put
 * in its sort position, but only when that position is inside what is loaded (or everything is
 * loaded): past the last row it arrives with the next page. An older version than the row's is
 * ignored (a live frame and an HTTP answer may arrive in either order). Returns `rows` itself
 * when nothing changed.
 */
export function mergeMove(window: WindowRows, move: StaffMove, context: MergeContext): readonly StaffMove[] {
  const { rows, siguiente } = window;
  const index = rows.findIndex((m) => m.id === move.id);
  const held = index === -1 ? undefined : rows[index]!;
  if (held && held.version > move.version) return rows;
  const matches = matchesWindow(move, context.filter, context.today, context.callerId);
  if (!matches) return held ? rows.filter((m) => m.id !== move.id) : rows;

  const order = context.filter.orden ?? 'fecha';
  if (held && compareMoves(held, move, order) === 0) {
    // Same place in the order: where it already was is inside what is loaded.
    const next = [...rows];
    next[index] = move;
    return next;
  }
  const others = held ? rows.filter((m) => m.id !== move.id) : rows;
  const last = others[others.length - 1];
  const inRange = siguiente === null || (last !== undefined && compareMoves(move, last, order) < 0);
  if (!inRange) return held ? others : rows;
  const at = others.findIndex((m) => compareMoves(move, m, order) < 0);
  const next = [...others];
  next.splice(at === -1 ? next.length : at, 0, move);
  return next;
}

/** A next page added after the rows: a move the live feed already placed is kept once, newest version. */
export function appendPage(rows: readonly StaffMove[], page: readonly StaffMove[]): StaffMove[] {
  const byId = new Map(rows.map((m) => [m.id, m]));
  const next = [...rows];
  for (const move of page) {
    const held = byId.get(move.id);
    if (!held) {
      next.push(move);
      byId.set(move.id, move);
    } else if (held.version < move.version) {
      next[next.indexOf(held)] = move;
    }
  }
  return next;
}

/** The scope whose counts a window shows: `all`, or one worker's id (`trabajador=yo` or an id). */
export function countsScope(filter: WindowFilter, callerId: string | null | undefined): string | null {
  const worker = filter.trabajador;
  if (!worker || worker === 'sin_asignar') return 'all';
  if (worker === 'yo') return callerId ?? null;
  return worker;
}

const COUNT_KEYS = ['todas', 'pendiente', 'confirmada', 'en curso', 'finalizada', 'cancelada'] as const;

/** Whether a live frame's data is a counts object. */
export function isWindowCounts(data: unknown): data is WindowCounts {
  if (typeof data !== 'object' || data === null) return false;
  const counts = data as Record<string, unknown>;
  return COUNT_KEYS.every((key) => typeof counts[key] === 'number');
}

/** The query of a window's page, without empty values (the server's bounds apply to `q`). */
export function windowQuery(filter: WindowFilter): WindowQuery {
  const q = filter.q?.trim().slice(0, SEARCH_MAX);
  return {
    estado: filter.estado,
    desde: filter.desde || undefined,
    hasta: filter.hasta || undefined,
    trabajador: filter.trabajador || undefined,
    urgencia: filter.urgencia,
    estado_pago: filter.estado_pago,
    q: q || undefined,
    vista: filter.vista,
    orden: filter.orden,
  };
}

/** A search box's text is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

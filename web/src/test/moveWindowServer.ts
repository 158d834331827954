// A stand-in for GET /api/mudanzas in page tests: it answers from a list of moves with the shared
// window rules (lib/moveWindow, checked against the server's fixture on their own), counting the
// scope and cutting pages with a cursor, so a page test sees the server's shape of answer.
import type { StaffMove, WindowCounts, WindowOrder } from '../lib/api';
import { compareMoves, countsScope, matchesWindow, type WindowFilter } from '../lib/moveWindow';
import { jsonResponse } from './fixtures';
import { companyToday } from '../lib/calendar';

export interface WindowServerOptions {
  callerId?: string | null;
  today?: string;
}

/** The filter a request's URL names. */
export function filterOf(url: string): WindowFilter & { limite: number; cursor?: string; include_price?: string } {
  const params = new URL(url, 'http://localhost').searchParams;
  const get = (name: string) => params.get(name) ?? undefined;
  return {
    estado: get('estado') as WindowFilter['estado'],
    desde: get('desde'),
    hasta: get('hasta'),
    trabajador: get('trabajador'),
    urgencia: get('urgencia') as WindowFilter['urgencia'],
    estado_pago: get('estado_pago') as WindowFilter['estado_pago'],
    q: get('q'),
    vista: get('vista') as WindowFilter['vista'],
    orden: get('orden') as WindowOrder | undefined,
    limite: Number(get('limite') ?? 50),
    cursor: get('cursor'),
    include_price: get('include_price'),
  };
}

export function countsOf(moves: readonly StaffMove[]): WindowCounts {
  const counts: WindowCounts = {
    todas: moves.length,
    pendiente: 0,
    confirmada: 0,
    'en curso': 0,
    finalizada: 0,
    cancelada: 0,
  };
  for (const m of moves) counts[m.estado] += 1;
  return counts;
}

/** A handler for `'GET /api/mudanzas*'` answering from `moves()` (read at each request). */
export function serveMoveWindow(moves: () => readonly StaffMove[], options: WindowServerOptions = {}) {
  return (_init: RequestInit | undefined, url: string) => {
    const filter = filterOf(url);
    const today = options.today ?? companyToday();
    const all = moves();
    const scope = countsScope(filter, options.callerId);
    const scoped = scope === 'all' ? all : all.filter((m) => m.workerId === scope);
    const matching = all
      .filter((m) => matchesWindow(m, filter, today, options.callerId))
      .sort((a, b) => compareMoves(a, b, filter.orden ?? 'fecha'));
    // The cursor here is the index of the next row: opaque to the page all the same.
    const start = filter.cursor ? Number(filter.cursor) : 0;
    const page = matching.slice(start, start + filter.limite);
    const next = start + filter.limite < matching.length ? String(start + filter.limite) : null;
    return jsonResponse({ success: true, mudanzas: page, siguiente: next, conteos: countsOf(scoped) });
  };
}

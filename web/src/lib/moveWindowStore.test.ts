import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMove } from './api';
import { jsonResponse, makeMove, mockFetch } from '../test/fixtures';
import { countsOf, serveMoveWindow } from '../test/moveWindowServer';
import { createMoveWindowStore } from './moveWindowStore';

const ME = '01920000-0000-7000-8000-00000000a001';
const TODAY = '2026-03-09';

function makeStore(filter = {}) {
  return createMoveWindowStore({ filter, pageSize: 2, callerId: () => ME, today: () => TODAY });
}

const ids = (rows: readonly { id: number }[]) => rows.map((m) => m.id);
const moveChange = (move: StaffMove) => ({ position: 1, kind: 'move', id: String(move.id), data: move });

describe('a move window store', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the first page, then the next with the cursor, and knows when all are loaded', async () => {
    const moves = [1, 2, 3].map((id) => makeMove({ id, fecha_programada: `2026-03-1${id}` }));
    const fetchMock = mockFetch({ 'GET /api/mudanzas*': serveMoveWindow(() => moves) });
    const store = makeStore({ orden: 'fecha' });
    await store.getState().loadFirst();
    expect(ids(store.getState().rows)).toEqual([1, 2]);
    expect(store.getState().siguiente).toBe('2');
    expect(store.getState().conteos).toEqual(countsOf(moves));
    await store.getState().loadMore();
    expect(ids(store.getState().rows)).toEqual([1, 2, 3]);
    expect(store.getState().siguiente).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/mudanzas?orden=fecha&limite=2',
      '/api/mudanzas?orden=fecha&limite=2&cursor=2',
    ]);
  });

  it('asks for prices only when told, and sends the filter in one fixed order', async () => {
    const fetchMock = mockFetch({ 'GET /api/mudanzas*': serveMoveWindow(() => []) });
    const store = createMoveWindowStore({ filter: { vista: 'proximas' }, includePrice: true, pageSize: 50 });
    await store.getState().setFilter({ q: ' Sánchez ', estado: 'confirmada', trabajador: 'yo' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/mudanzas?estado=confirmada&trabajador=yo&q=S%C3%A1nchez&vista=proximas&limite=50&include_price=true',
    );
  });

  it('drops the answer to a filter that was replaced while it travelled', async () => {
    let release: (r: Response) => void = () => {};
    mockFetch({
      'GET /api/mudanzas?estado=pendiente&limite=2': () => new Promise<Response>((r) => (release = r)),
      'GET /api/mudanzas?estado=cancelada&limite=2': () =>
        jsonResponse({
          success: true,
          mudanzas: [makeMove({ id: 7, estado: 'cancelada' })],
          siguiente: null,
          conteos: null,
        }),
    });
    const store = makeStore();
    const first = store.getState().setFilter({ estado: 'pendiente' });
    await store.getState().setFilter({ estado: 'cancelada' });
    release(jsonResponse({ success: true, mudanzas: [makeMove({ id: 1 })], siguiente: null, conteos: null }));
    await first;
    expect(ids(store.getState().rows)).toEqual([7]);
  });

  it('applies over a first page the live changes that arrived while it travelled', async () => {
    let release: (r: Response) => void = () => {};
    mockFetch({ 'GET /api/mudanzas*': () => new Promise<Response>((r) => (release = r)) });
    const store = makeStore({ estado: 'pendiente' });
    const loading = store.getState().loadFirst();
    // Move 2 was cancelled after the server read the page that still lists it.
    store.getState().applyChange(moveChange(makeMove({ id: 2, estado: 'cancelada', version: 2 })));
    release(
      jsonResponse({
        success: true,
        mudanzas: [makeMove({ id: 1 }), makeMove({ id: 2, version: 1 })],
        siguiente: null,
        conteos: countsOf([]),
      }),
    );
    await loading;
    expect(ids(store.getState().rows)).toEqual([1]);
  });

  it('takes the counts of its own scope from the feed, and no other', async () => {
    mockFetch({ 'GET /api/mudanzas*': serveMoveWindow(() => []) });
    const mine = makeStore({ trabajador: 'yo' });
    const all = makeStore();
    await Promise.all([mine.getState().loadFirst(), all.getState().loadFirst()]);
    const counts = { todas: 3, pendiente: 1, confirmada: 2, 'en curso': 0, finalizada: 0, cancelada: 0 };
    for (const store of [mine, all]) {
      store.getState().applyChange({ position: 2, kind: 'move_counts', id: ME, data: counts });
    }
    expect(mine.getState().conteos).toEqual(counts);
    expect(all.getState().conteos?.todas).toBe(0);
    all.getState().applyChange({ position: 3, kind: 'move_counts', id: 'all', data: { ...counts, todas: 9 } });
    expect(all.getState().conteos?.todas).toBe(9);
    // Not a counts object: ignored.
    all.getState().applyChange({ position: 4, kind: 'move_counts', id: 'all', data: { todas: 'x' } });
    expect(all.getState().conteos?.todas).toBe(9);
  });

  it("shows the server's message when a page is refused, keeping what it had", async () => {
    mockFetch({
      'GET /api/mudanzas?limite=2': serveMoveWindow(() => [makeMove({ id: 1 })]),
      'GET /api/mudanzas?desde=2026-13-01&limite=2': () =>
        jsonResponse({ success: false, error: 'El parámetro desde no es una fecha válida' }, 400),
    });
    const store = makeStore();
    await store.getState().loadFirst();
    await store.getState().setFilter({ desde: '2026-13-01' });
    expect(store.getState().error).toBe('El parámetro desde no es una fecha válida');
    expect(ids(store.getState().rows)).toEqual([1]);
  });
});

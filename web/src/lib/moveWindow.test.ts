import { describe, expect, it } from 'vitest';
import { makeMove } from '../test/fixtures';
import {
  appendPage,
  compareMoves,
  countsScope,
  foldSearch,
  matchesWindow,
  mergeMove,
  parseSearch,
  windowQuery,
  type WindowFilter,
} from './moveWindow';

const ME = '01920000-0000-7000-8000-00000000a001';
const OTHER = '01920000-0000-7000-8000-00000000a002';
const TODAY = '2026-03-09';

describe('the window rules', () => {
  const move = makeMove({
    id: 15,
    estado: 'confirmada',
    fecha_programada: '2026-03-10',
    workerId: ME,
    urgencia: 'urgente',
    estado_pago: 'partial',
    cliente_nombre: 'José Müller Peña',
    cliente_email: 'jose@correo.test',
    cliente_telefono: '+34 612 345 678',
    origen: 'Calle de Alcalá 120, Madrid',
    destino: 'Plaza de Çatalunya 1, Barcelona',
  });
  const matches = (filter: WindowFilter, callerId: string | null = ME, today = TODAY) =>
    matchesWindow(move, filter, today, callerId);

  it('filters by status, urgency and payment status', () => {
    expect(matches({})).toBe(true);
    expect(matches({ estado: 'confirmada' })).toBe(true);
    expect(matches({ estado: 'pendiente' })).toBe(false);
    expect(matches({ urgencia: 'urgente' })).toBe(true);
    expect(matches({ urgencia: 'normal' })).toBe(false);
    expect(matches({ estado_pago: 'partial' })).toBe(true);
    expect(matches({ estado_pago: 'paid' })).toBe(false);
  });

  it('takes both ends of the date range', () => {
    expect(matches({ desde: '2026-03-10', hasta: '2026-03-10' })).toBe(true);
    expect(matches({ desde: '2026-03-11' })).toBe(false);
    expect(matches({ hasta: '2026-03-09' })).toBe(false);
  });

  it('reads trabajador as the caller, the unassigned, or one worker', () => {
    expect(matches({ trabajador: 'yo' })).toBe(true);
    expect(matches({ trabajador: 'yo' }, OTHER)).toBe(false);
    expect(matches({ trabajador: 'yo' }, null)).toBe(false);
    expect(matches({ trabajador: 'sin_asignar' })).toBe(false);
    expect(matchesWindow({ ...move, workerId: null }, { trabajador: 'sin_asignar' }, TODAY, ME)).toBe(true);
    expect(matches({ trabajador: ME }, OTHER)).toBe(true);
    expect(matches({ trabajador: OTHER })).toBe(false);
  });

  it("reads 'upcoming and recent' as from seven days before today", () => {
    expect(matches({ vista: 'proximas' }, ME, '2026-03-17')).toBe(true);
    expect(matches({ vista: 'proximas' }, ME, '2026-03-18')).toBe(false);
    expect(matches({ vista: 'todas' }, ME, '2027-01-01')).toBe(true);
  });

  it('finds a number exactly: 5 is move 5, not every move with a 5 in it', () => {
    expect(matchesWindow(makeMove({ id: 5 }), { q: '5' }, TODAY, ME)).toBe(true);
    expect(matchesWindow(makeMove({ id: 15 }), { q: '5' }, TODAY, ME)).toBe(false);
    expect(matchesWindow(makeMove({ id: 55, cliente_telefono: '555 555 555' }), { q: '5' }, TODAY, ME)).toBe(false);
    expect(matches({ q: '#15' })).toBe(true);
    expect(matches({ q: 'nº15' })).toBe(true);
    expect(matches({ q: 'n.º 15' })).toBe(true);
    expect(matches({ q: ' 015 ' })).toBe(true);
  });

  it("from six digits a number also finds the client's phone, by its digits alone", () => {
    expect(matches({ q: '612345' })).toBe(true);
    expect(matches({ q: '345678' })).toBe(true);
    expect(matches({ q: '12345' })).toBe(false);
    expect(matches({ q: '999999' })).toBe(false);
  });

  it('finds every word in the name, email, phone or addresses, ignoring case and accents', () => {
    expect(matches({ q: 'jose muller pena' })).toBe(true);
    expect(matches({ q: 'JOSÉ' })).toBe(true);
    expect(matches({ q: 'catalunya alcala' })).toBe(true);
    expect(matches({ q: 'correo.test' })).toBe(true);
    expect(matches({ q: 'jose garcia' })).toBe(false);
    expect(matches({ q: '   ' })).toBe(true);
  });

  it('looks for words only where the server keeps them: the first 120 characters of each part', () => {
    const long = makeMove({ id: 1, origen: `${'x'.repeat(119)} Alcalá` });
    expect(matchesWindow(long, { q: 'alcala' }, TODAY, ME)).toBe(false);
    expect(matchesWindow(long, { q: 'xxx' }, TODAY, ME)).toBe(true);
  });

  it('folds as the server does', () => {
    expect(foldSearch('ÁÉÍÓÚ Ü Ñ Ç')).toBe('aeiou u n c');
    expect(parseSearch('  ')).toEqual({ kind: 'none' });
    // Too long for a move's number: only a phone.
    expect(parseSearch('1234567890')).toEqual({ kind: 'number', id: null, phone: '1234567890' });
    expect(parseSearch('Nº 17')).toEqual({ kind: 'number', id: 17, phone: null });
    expect(parseSearch('17a')).toEqual({ kind: 'words', words: ['17a'] });
  });

  it('counts the scope of all moves or of the one worker', () => {
    expect(countsScope({}, ME)).toBe('all');
    expect(countsScope({ trabajador: 'sin_asignar' }, ME)).toBe('all');
    expect(countsScope({ trabajador: 'yo' }, ME)).toBe(ME);
    expect(countsScope({ trabajador: OTHER }, ME)).toBe(OTHER);
  });

  it('sends only what is set, the search trimmed and bounded', () => {
    expect(windowQuery({ q: '  ', desde: '', orden: 'fecha' })).toEqual({
      estado: undefined,
      desde: undefined,
      hasta: undefined,
      trabajador: undefined,
      urgencia: undefined,
      estado_pago: undefined,
      q: undefined,
      vista: undefined,
      orden: 'fecha',
    });
    expect(windowQuery({ q: ` ${'a'.repeat(150)} ` }).q).toHaveLength(100);
  });
});

describe('the order', () => {
  const a = makeMove({ id: 1, fecha_programada: '2026-03-10' });
  const b = makeMove({ id: 2, fecha_programada: '2026-03-09' });
  const c = makeMove({ id: 3, fecha_programada: '2026-03-10' });
  const sorted = (order: Parameters<typeof compareMoves>[2]) =>
    [a, b, c].sort((x, y) => compareMoves(x, y, order)).map((m) => m.id);

  it('sorts by date then number, either way, or by number', () => {
    expect(sorted('fecha')).toEqual([2, 1, 3]);
    expect(sorted('-fecha')).toEqual([3, 1, 2]);
    expect(sorted('numero')).toEqual([1, 2, 3]);
    expect(sorted('-numero')).toEqual([3, 2, 1]);
  });
});

describe('a live change merged into the window', () => {
  const context = (filter: WindowFilter = { estado: 'pendiente' }) => ({ filter, today: TODAY, callerId: ME });
  const rows = [
    makeMove({ id: 1, fecha_programada: '2026-03-10', version: 3 }),
    makeMove({ id: 2, fecha_programada: '2026-03-12', version: 1 }),
    makeMove({ id: 3, fecha_programada: '2026-03-14', version: 1 }),
  ];
  const ids = (list: readonly { id: number }[]) => list.map((m) => m.id);

  it('updates the row of a move that still matches, in place', () => {
    const changed = makeMove({ id: 2, fecha_programada: '2026-03-12', version: 2, destino: 'Nueva' });
    const next = mergeMove({ rows, siguiente: 'c' }, changed, context());
    expect(ids(next)).toEqual([1, 2, 3]);
    expect(next[1]).toBe(changed);
  });

  it('ignores a version older than the row it has', () => {
    const stale = makeMove({ id: 1, fecha_programada: '2026-03-10', version: 2, estado: 'cancelada' });
    expect(mergeMove({ rows, siguiente: null }, stale, context())).toBe(rows);
  });

  it('removes a move that no longer matches the filter', () => {
    const cancelled = makeMove({ id: 2, fecha_programada: '2026-03-12', version: 2, estado: 'cancelada' });
    expect(ids(mergeMove({ rows, siguiente: 'c' }, cancelled, context()))).toEqual([1, 3]);
  });

  it('leaves the window alone for a move that neither was nor is in it', () => {
    const other = makeMove({ id: 9, fecha_programada: '2026-03-11', estado: 'cancelada' });
    expect(mergeMove({ rows, siguiente: 'c' }, other, context())).toBe(rows);
  });

  it('inserts a move that now matches at its place in the order', () => {
    const entering = makeMove({ id: 9, fecha_programada: '2026-03-11' });
    expect(ids(mergeMove({ rows, siguiente: 'c' }, entering, context()))).toEqual([1, 9, 2, 3]);
    const first = makeMove({ id: 8, fecha_programada: '2026-03-01' });
    expect(ids(mergeMove({ rows, siguiente: 'c' }, first, context()))).toEqual([8, 1, 2, 3]);
  });

  it('leaves a matching move past the last loaded row to the next page, unless the list is complete', () => {
    const late = makeMove({ id: 9, fecha_programada: '2026-04-01' });
    expect(mergeMove({ rows, siguiente: 'c' }, late, context())).toBe(rows);
    expect(ids(mergeMove({ rows, siguiente: null }, late, context()))).toEqual([1, 2, 3, 9]);
    expect(ids(mergeMove({ rows: [], siguiente: null }, late, context()))).toEqual([9]);
  });

  it('moves a row whose date changed, or drops it when its new place is past what is loaded', () => {
    const earlier = makeMove({ id: 3, fecha_programada: '2026-03-09', version: 2 });
    expect(ids(mergeMove({ rows, siguiente: 'c' }, earlier, context()))).toEqual([3, 1, 2]);
    const later = makeMove({ id: 1, fecha_programada: '2026-05-01', version: 4 });
    expect(ids(mergeMove({ rows, siguiente: 'c' }, later, context()))).toEqual([2, 3]);
    expect(ids(mergeMove({ rows, siguiente: null }, later, context()))).toEqual([2, 3, 1]);
  });

  it('keeps the last loaded row updated in place while more pages follow', () => {
    const changed = makeMove({ id: 3, fecha_programada: '2026-03-14', version: 2, destino: 'Otra' });
    expect(mergeMove({ rows, siguiente: 'c' }, changed, context())[2]).toBe(changed);
  });

  it('follows the order of the window: newest number first', () => {
    const byNumber = [makeMove({ id: 7 }), makeMove({ id: 5 }), makeMove({ id: 2 })];
    const entering = makeMove({ id: 6 });
    const next = mergeMove({ rows: byNumber, siguiente: 'c' }, entering, context({ orden: '-numero' }));
    expect(ids(next)).toEqual([7, 6, 5, 2]);
  });

  it('a next page keeps one copy of a move the feed already placed, the newest', () => {
    const held = [makeMove({ id: 1, version: 2 }), makeMove({ id: 4, version: 5 })];
    const page = [makeMove({ id: 4, version: 4 }), makeMove({ id: 5, version: 1 })];
    const next = appendPage(held, page);
    expect(ids(next)).toEqual([1, 4, 5]);
    expect(next[1]?.version).toBe(5);
    expect(appendPage([makeMove({ id: 4, version: 1 })], [makeMove({ id: 4, version: 3 })])[0]?.version).toBe(3);
  });
});

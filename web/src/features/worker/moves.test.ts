import { describe, expect, it } from 'vitest';
import { makeMove } from '../../test/fixtures';
import { formatDate } from '../../lib/format';
import { isStaffMove, mergeMoves, servicesList, upsertMove } from '../../lib/staffMoves';
import { isAssignedTo, objectsSummary, timeSlotLabel, WORKER_FILTERS, WORKER_STATUSES, WORKER_TABS } from './moves';
import { MOVE_STATUS_LABELS } from '../../lib/options';

describe('worker statuses and filters (§4)', () => {
  it('names the five staff statuses as the spec shows them', () => {
    expect(MOVE_STATUS_LABELS).toEqual({
      pendiente: 'Pendiente',
      confirmada: 'Confirmada',
      'en curso': 'En Progreso',
      finalizada: 'Completada',
      cancelada: 'Cancelada',
    });
  });

  it('lets workers set every status but confirmada', () => {
    expect(WORKER_STATUSES).toEqual(['pendiente', 'en curso', 'finalizada', 'cancelada']);
  });

  it('offers all, the §4 filters and, since issue 19, confirmed and cancelled, by their staff status', () => {
    expect(WORKER_FILTERS.map((f) => [f.key, f.label])).toEqual([
      ['all', 'Todas'],
      ['pendiente', 'Pendientes'],
      ['confirmada', 'Confirmadas'],
      ['en curso', 'En Progreso'],
      ['finalizada', 'Completadas'],
      ['cancelada', 'Canceladas'],
    ]);
  });

  it("opens on the worker's own moves, with every move a tab away (§6)", () => {
    expect(WORKER_TABS.map((t) => t.label)).toEqual(['Mis mudanzas', 'Todas las mudanzas']);
  });
});

describe('assigned moves', () => {
  it('a worker acts only on the moves assigned to them', () => {
    const mine = makeMove({ id: 1, workerId: 'w-1' });
    expect(isAssignedTo(mine, 'w-1')).toBe(true);
    expect(isAssignedTo(mine, 'w-2')).toBe(false);
    expect(isAssignedTo(makeMove({ id: 2, workerId: null }), 'w-1')).toBe(false);
    expect(isAssignedTo(makeMove({ id: 2, workerId: null }), undefined)).toBe(false);
  });
});

describe('merging moves', () => {
  it('replaces a move by id, adds new ones in date order, and never lets an older version win', () => {
    const list = [
      makeMove({ id: 1, fecha_programada: '2026-03-01' }),
      makeMove({ id: 2, fecha_programada: '2026-03-05' }),
    ];

    const changed = upsertMove(
      list,
      makeMove({ id: 2, fecha_programada: '2026-03-05', estado: 'en curso', version: 2 }),
    );
    expect(changed.map((m) => [m.id, m.estado])).toEqual([
      [1, 'pendiente'],
      [2, 'en curso'],
    ]);

    const added = upsertMove(changed, makeMove({ id: 9, fecha_programada: '2026-03-03' }));
    expect(added.map((m) => m.id)).toEqual([1, 9, 2]);

    const stale = upsertMove(
      added,
      makeMove({ id: 2, fecha_programada: '2026-03-05', estado: 'pendiente', version: 1 }),
    );
    expect(stale.find((m) => m.id === 2)?.estado).toBe('en curso');

    const moved = upsertMove(added, makeMove({ id: 1, fecha_programada: '2026-04-01', version: 3 }));
    expect(moved.map((m) => m.id)).toEqual([9, 2, 1]);
  });

  it('keeps live changes that overtook a loading list', () => {
    const live = [makeMove({ id: 2, estado: 'finalizada', version: 5 }), makeMove({ id: 8, version: 1 })];
    const loaded = [makeMove({ id: 1 }), makeMove({ id: 2, estado: 'en curso', version: 4 })];
    expect(mergeMoves(live, loaded).map((m) => [m.id, m.estado])).toEqual([
      [1, 'pendiente'],
      [2, 'finalizada'],
      [8, 'pendiente'],
    ]);
  });

  it('recognises staff move documents', () => {
    expect(isStaffMove(makeMove({ id: 1 }))).toBe(true);
    expect(isStaffMove({ id: '1', estado: 'pendiente' })).toBe(false);
    expect(isStaffMove(null)).toBe(false);
  });
});

describe('card texts', () => {
  it('formats the calendar date in Spanish without shifting the day', () => {
    expect(formatDate('2026-03-09')).toMatch(/^lun, 9 mar 2026$/);
    expect(formatDate('no-es-fecha')).toBe('no-es-fecha');
  });

  it('names the time slots of §3', () => {
    expect(timeSlotLabel('morning')).toBe('Mañana (8:00-12:00)');
    expect(timeSlotLabel('afternoon')).toBe('Tarde (12:00-17:00)');
    expect(timeSlotLabel('evening')).toBe('Tarde-noche (17:00-20:00)');
    expect(timeSlotLabel('flexible')).toBe('Horario flexible');
    expect(timeSlotLabel('')).toBe('Sin preferencia de horario');
  });

  it('summarises objects with units, weight and the first names', () => {
    const move = makeMove({
      id: 1,
      objects: [
        { id: 'a', nombre: 'Sofá', peso: 45, quantity: 1 },
        { id: 'b', nombre: 'Caja', peso: 2.5, quantity: 10 },
        { id: 'c', nombre: 'Mesa', peso: 20, quantity: 1 },
        { id: 'd', nombre: 'Silla', peso: 4, quantity: 4 },
      ],
    });
    expect(objectsSummary(move)).toEqual({
      total: '16 objetos · 106 kg',
      names: 'Sofá ×1, Caja ×10, Mesa ×1 y 1 más',
    });
    expect(objectsSummary(makeMove({ id: 2, objects: [] }))).toEqual({ total: 'Sin objetos', names: '' });
  });

  it('lists the services that apply', () => {
    expect(
      servicesList({
        dismount: true,
        dismount_quantity: 2,
        packaging: true,
        packaging_quantity: 0,
        cleaning: true,
        fragile: true,
        long_stairs: true,
      }),
    ).toEqual(['Desmontaje ×2', 'Embalaje', 'Limpieza', 'Objetos frágiles', 'Escaleras largas']);
    expect(servicesList(makeMove({ id: 1 }).services)).toEqual([]);
  });
});

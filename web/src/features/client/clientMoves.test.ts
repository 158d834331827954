import { describe, expect, it } from 'vitest';
import {
  CLIENT_FILTERS,
  CLIENT_STATUS_TONES,
  dayStatusText,
  filterClientMoves,
  formatMoveDate,
  isClientMove,
  mergeLoadedMoves,
  moreImagesLabel,
  moveToFollow,
  statusLabel,
  statusTone,
  thumbnails,
  trackingPath,
  upsertClientMove,
} from './clientMoves';
import type { Milestone } from '../../lib/api';
import { formatEuros } from '../../lib/format';
import { makeClientMove, makeImages } from './testMoves';
import { CLIENT_STATUS_LABELS } from '../../lib/options';

const moves = [
  makeClientMove({ id: 1, status: 'pending', date: '2026-05-01' }),
  makeClientMove({ id: 2, status: 'confirmed', date: '2026-04-01' }),
  makeClientMove({ id: 3, status: 'in_progress', date: '2026-03-01' }),
  makeClientMove({ id: 4, status: 'completed', date: '2026-02-01' }),
  makeClientMove({ id: 5, status: 'cancelled', date: '2026-01-01' }),
  makeClientMove({ id: 6, status: 'completed', date: '2025-12-01' }),
];

describe('status names and colours (§4)', () => {
  it('names every customer status in Spanish', () => {
    expect(CLIENT_STATUS_LABELS).toEqual({
      pending: 'Pendiente',
      confirmed: 'Confirmada',
      in_progress: 'En Progreso',
      completed: 'Completada',
      cancelled: 'Cancelada',
    });
  });

  it('colours completed green, pending warning, in progress info, cancelled error, confirmed neutral', () => {
    expect(CLIENT_STATUS_TONES).toEqual({
      completed: 'success',
      pending: 'warning',
      in_progress: 'info',
      cancelled: 'error',
      confirmed: 'neutral',
    });
  });

  it('shows an unknown status as it came, in the neutral colour', () => {
    expect(statusLabel('archivada')).toBe('archivada');
    expect(statusTone('archivada')).toBe('neutral');
  });
});

describe('filters', () => {
  it('offers all, completed, pending, in progress and cancelled, in that order', () => {
    expect(CLIENT_FILTERS.map((f) => [f.key, f.label])).toEqual([
      ['all', 'Todas'],
      ['completed', 'Completadas'],
      ['pending', 'Pendientes'],
      ['confirmed', 'Confirmadas'],
      ['in_progress', 'En progreso'],
      ['cancelled', 'Canceladas'],
    ]);
  });

  it('keeps only the moves of the chosen status', () => {
    expect(filterClientMoves(moves, 'completed').map((m) => m.id)).toEqual([4, 6]);
    expect(filterClientMoves(moves, 'pending').map((m) => m.id)).toEqual([1]);
    expect(filterClientMoves(moves, 'confirmed').map((m) => m.id)).toEqual([2]);
    expect(filterClientMoves(moves, 'in_progress').map((m) => m.id)).toEqual([3]);
    expect(filterClientMoves(moves, 'cancelled').map((m) => m.id)).toEqual([5]);
  });

  it('shows every move under "Todas", and each under its own filter exactly once', () => {
    expect(filterClientMoves(moves, 'all').map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6]);
    const filtered = CLIENT_FILTERS.filter((f) => f.key !== 'all').flatMap((f) => filterClientMoves(moves, f.key));
    expect(filtered.map((m) => m.id).sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('thumbnails (§9)', () => {
  it('shows every image when there are three or fewer', () => {
    expect(thumbnails(makeImages(0))).toEqual({ shown: [], hidden: 0 });
    const three = thumbnails(makeImages(3));
    expect(three.shown).toHaveLength(3);
    expect(three.hidden).toBe(0);
    expect(moreImagesLabel(three.hidden)).toBeNull();
  });

  it('shows the first three and counts the rest as "+N más"', () => {
    const images = makeImages(5);
    const five = thumbnails(images);
    expect(five.shown.map((i) => i.id)).toEqual([images[0]!.id, images[1]!.id, images[2]!.id]);
    expect(five.hidden).toBe(2);
    expect(moreImagesLabel(five.hidden)).toBe('+2 más');
    expect(moreImagesLabel(thumbnails(makeImages(4)).hidden)).toBe('+1 más');
  });
});

describe('live changes and loads', () => {
  it('replaces a move in place when a change arrives', () => {
    const next = upsertClientMove(moves, { ...moves[0]!, status: 'in_progress' });
    expect(next).toHaveLength(moves.length);
    expect(next[0]).toMatchObject({ id: 1, status: 'in_progress' });
    expect(moves[0]!.status).toBe('pending');
  });

  it('inserts a new move in date order, newest first', () => {
    const next = upsertClientMove(moves, makeClientMove({ id: 9, date: '2026-03-15' }));
    expect(next.map((m) => m.id)).toEqual([1, 2, 9, 3, 4, 5, 6]);
  });

  it('moves a card when its date changes', () => {
    const next = upsertClientMove(moves, { ...moves[5]!, date: '2027-01-01' });
    expect(next.map((m) => m.id)).toEqual([6, 1, 2, 3, 4, 5]);
  });

  it('lays the changes that arrived during a load over its answer', () => {
    const loaded = [
      makeClientMove({ id: 1, status: 'pending' }),
      makeClientMove({ id: 2, status: 'pending', date: '2026-01-01' }),
    ];
    const live = [
      makeClientMove({ id: 2, status: 'completed', date: '2026-01-01' }),
      makeClientMove({ id: 3, date: '2027-01-01' }),
    ];
    const merged = mergeLoadedMoves(loaded, live);
    expect(merged.map((m) => [m.id, m.status])).toEqual([
      [3, 'pending'],
      [1, 'pending'],
      [2, 'completed'],
    ]);
  });

  it('recognises a customer-view move and nothing else', () => {
    expect(isClientMove(makeClientMove({ id: 1 }))).toBe(true);
    expect(isClientMove({ ...makeClientMove({ id: 1 }), status: 'pendiente' })).toBe(false);
    expect(isClientMove({ id: 1, estado: 'pendiente', version: 1 })).toBe(false);
    expect(isClientMove(null)).toBe(false);
    expect(isClientMove('move')).toBe(false);
  });
});

describe('texts', () => {
  it('formats the price in euros, Spanish style', () => {
    expect(formatEuros(1234.5)).toBe('1.234,50\u00a0€');
    expect(formatEuros(90)).toBe('90,00\u00a0€');
    expect(formatEuros(Number.NaN)).toBe('—');
  });

  it('formats the date as a calendar date in Spanish', () => {
    expect(formatMoveDate('2026-03-09')).toBe('lunes, 9 de marzo de 2026');
    expect(formatMoveDate('mañana')).toBe('mañana');
  });
});

describe('following a move on its day (/seguimiento)', () => {
  it('links to a move, or to the page that picks one', () => {
    expect(trackingPath(13)).toBe('/seguimiento?id=13');
    expect(trackingPath()).toBe('/seguimiento');
  });

  it('follows the move under way first, then the next confirmed, then the next pending', () => {
    const pending = makeClientMove({ id: 1, status: 'pending', date: '2026-05-01' });
    const confirmedLater = makeClientMove({ id: 2, status: 'confirmed', date: '2026-07-01' });
    const confirmedSooner = makeClientMove({ id: 3, status: 'confirmed', date: '2026-06-01' });
    const underWay = makeClientMove({ id: 4, status: 'in_progress', date: '2026-08-01' });
    const done = makeClientMove({ id: 5, status: 'completed', date: '2026-04-01' });
    expect(moveToFollow([pending, confirmedLater, confirmedSooner, underWay, done])?.id).toBe(4);
    expect(moveToFollow([pending, confirmedLater, confirmedSooner, done])?.id).toBe(3);
    expect(moveToFollow([pending, done])?.id).toBe(1);
  });

  it('breaks a tie of status and date by the lower number, and does not reorder the list', () => {
    const list = [
      makeClientMove({ id: 9, status: 'pending', date: '2026-05-01' }),
      makeClientMove({ id: 7, status: 'pending', date: '2026-05-01' }),
    ];
    expect(moveToFollow(list)?.id).toBe(7);
    expect(list.map((m) => m.id)).toEqual([9, 7]);
  });

  it('follows nothing once every move is completed or cancelled', () => {
    expect(moveToFollow([])).toBeNull();
    expect(
      moveToFollow([makeClientMove({ id: 1, status: 'completed' }), makeClientMove({ id: 2, status: 'cancelled' })]),
    ).toBeNull();
  });

  it('says where the day stands from the status', () => {
    expect(dayStatusText(makeClientMove({ id: 1, status: 'pending' }))).toBe(
      'Tu mudanza está pendiente de confirmar. Completa sus detalles y reserva la fecha.',
    );
    expect(dayStatusText(makeClientMove({ id: 1, status: 'confirmed' }))).toBe(
      'Tu mudanza está confirmada. Aquí verás al equipo en cuanto salga hacia el origen.',
    );
    expect(dayStatusText(makeClientMove({ id: 1, status: 'completed' }))).toBe(
      'Tu mudanza ha terminado. ¡Gracias por confiar en nosotros!',
    );
    expect(dayStatusText(makeClientMove({ id: 1, status: 'cancelled' }))).toBe('Esta mudanza está cancelada.');
  });

  it('while under way, says what the last milestone recorded means', () => {
    const at = (...hitos: string[]) =>
      dayStatusText(
        makeClientMove({
          id: 1,
          status: 'in_progress',
          hitos: hitos.map((hito, i) => ({ hito: hito as Milestone, fecha: `2026-04-01T0${7 + i}:00:00Z` })),
        }),
      );
    expect(at()).toBe('Tu mudanza está en curso.');
    expect(dayStatusText(makeClientMove({ id: 1, status: 'in_progress' }))).toBe('Tu mudanza está en curso.');
    expect(at('en_camino')).toBe('El equipo va de camino a la dirección de origen.');
    expect(at('en_camino', 'llegada_origen')).toBe('El equipo ha llegado a la dirección de origen y está cargando.');
    expect(at('en_camino', 'llegada_origen', 'carga_terminada')).toBe(
      'La carga ha terminado: el equipo va hacia la dirección de destino.',
    );
    expect(at('en_camino', 'llegada_origen', 'carga_terminada', 'llegada_destino')).toBe(
      'El equipo ha llegado a la dirección de destino y está descargando.',
    );
    expect(at('otra_cosa')).toBe('Tu mudanza está en curso.');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { makeClientMove } from './testMoves';
import { useClientMovesStore } from './useClientMovesStore';

const change = (data: unknown, kind = 'move', position = 10) => ({ position, kind, id: '1', data });

describe('useClientMovesStore', () => {
  beforeEach(() => {
    useClientMovesStore.getState().reset();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the caller’s moves with credentials, newest first', async () => {
    const fetchMock = mockFetch({
      'GET /api/mis-mudanzas': () =>
        jsonResponse({
          success: true,
          email_confirmado: true,
          mudanzas: [makeClientMove({ id: 1, date: '2026-01-01' }), makeClientMove({ id: 2, date: '2026-06-01' })],
        }),
    });
    await useClientMovesStore.getState().load();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    const state = useClientMovesStore.getState();
    expect(state.loading).toBe(false);
    expect(state.emailConfirmed).toBe(true);
    expect(state.moves.map((m) => m.id)).toEqual([2, 1]);
  });

  it('remembers that the email is unconfirmed', async () => {
    mockFetch({
      'GET /api/mis-mudanzas': () => jsonResponse({ success: true, email_confirmado: false, mudanzas: [] }),
    });
    await useClientMovesStore.getState().load();
    expect(useClientMovesStore.getState()).toMatchObject({ emailConfirmed: false, moves: [], loading: false });
  });

  it('logs a failed load and shows an empty list (§8)', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/mis-mudanzas': () => jsonResponse({ success: false, error: 'No autenticado' }, 401) });
    await useClientMovesStore.getState().load();
    expect(log).toHaveBeenCalledOnce();
    expect(useClientMovesStore.getState()).toMatchObject({ moves: [], loading: false });
  });

  it('logs a network failure too', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/mis-mudanzas': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await useClientMovesStore.getState().load();
    expect(log).toHaveBeenCalledOnce();
    expect(useClientMovesStore.getState()).toMatchObject({ moves: [], loading: false });
  });

  it('applies a live move change: replaces the card or adds it', async () => {
    mockFetch({
      'GET /api/mis-mudanzas': () =>
        jsonResponse({ success: true, mudanzas: [makeClientMove({ id: 1, status: 'pending' })] }),
    });
    await useClientMovesStore.getState().load();
    useClientMovesStore.getState().applyChange(change(makeClientMove({ id: 1, status: 'in_progress' })));
    useClientMovesStore
      .getState()
      .applyChange(change(makeClientMove({ id: 7, status: 'pending', date: '2027-01-01' })));
    expect(useClientMovesStore.getState().moves.map((m) => [m.id, m.status])).toEqual([
      [7, 'pending'],
      [1, 'in_progress'],
    ]);
  });

  it('ignores other kinds and documents that are not a customer-view move', () => {
    useClientMovesStore.getState().applyChange(change(makeClientMove({ id: 1 }), 'analytics'));
    useClientMovesStore.getState().applyChange(change({ id: 1, estado: 'pendiente', version: 2 }));
    expect(useClientMovesStore.getState().moves).toEqual([]);
  });

  it('keeps a live change that arrived while a load was on its way', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({ 'GET /api/mis-mudanzas': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const loading = useClientMovesStore.getState().load();
    useClientMovesStore.getState().applyChange(change(makeClientMove({ id: 1, status: 'completed' })));
    // The answer was read before the change and still says pending.
    answer(jsonResponse({ success: true, mudanzas: [makeClientMove({ id: 1, status: 'pending' })] }));
    await loading;
    expect(useClientMovesStore.getState().moves.map((m) => m.status)).toEqual(['completed']);
  });

  it('uses only the answer of the latest load', async () => {
    const answers: ((response: Response) => void)[] = [];
    mockFetch({ 'GET /api/mis-mudanzas': () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const first = useClientMovesStore.getState().load();
    const second = useClientMovesStore.getState().load();
    answers[1]!(jsonResponse({ success: true, mudanzas: [makeClientMove({ id: 2 })] }));
    await second;
    answers[0]!(jsonResponse({ success: true, mudanzas: [makeClientMove({ id: 1 })] }));
    await first;
    expect(useClientMovesStore.getState().moves.map((m) => m.id)).toEqual([2]);
  });
});

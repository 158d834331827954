import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DATA_KEY } from './userData';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { useAuthStore } from './useAuthStore';
import { addChange, listChanges, readMovesSnapshot, saveMovesSnapshot } from './crewDevice';

vi.mock('./browser', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('./browser');

describe('useAuthStore', () => {
  beforeEach(() => {
    useAuthStore.setState(useAuthStore.getInitialState());
    vi.mocked(reloadPage).mockClear();
  });

  it('starts out checking with nobody logged in', () => {
    expect(useAuthStore.getState().checking).toBe(true);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('resets silently when the server says nobody is logged in', async () => {
    localStorage.setItem(USER_DATA_KEY, '{"id":"viejo"}');
    mockFetch({ 'GET /api/auth-status': () => jsonResponse({ authenticated: false, user: null }) });
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ checking: false, user: null });
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
  });

  it('treats a server error like nobody logged in', async () => {
    mockFetch({ 'GET /api/auth-status': () => new Response('boom', { status: 500 }) });
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ checking: false, user: null });
  });

  it("opens a worker's crew app offline with the worker last signed in on the device, and no other role", async () => {
    const worker = makeUser({ role: 'empleado', username: 'EMP-001' });
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(worker));
    mockFetch({ 'GET /api/auth-status': () => Promise.reject(new TypeError('Failed to fetch')) });
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState()).toMatchObject({ checking: false, user: worker });

    localStorage.setItem(USER_DATA_KEY, JSON.stringify(makeUser({ role: 'empresario' })));
    await useAuthStore.getState().checkAuth();
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
  });

  it('keeps a login that finished while the startup check was still in flight', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({ 'GET /api/auth-status': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const check = useAuthStore.getState().checkAuth();
    const client = makeUser({ role: 'cliente' });
    useAuthStore.getState().setUser(client);
    answer(jsonResponse({ authenticated: false, user: null }));
    await check;
    expect(useAuthStore.getState().user).toEqual(client);
    expect(localStorage.getItem(USER_DATA_KEY)).not.toBeNull();
  });

  it('logs out even when the server call fails, then reloads', async () => {
    const fetchMock = mockFetch({
      'POST /api/logout': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    useAuthStore.getState().setUser(makeUser({ role: 'empresario' }));
    await useAuthStore.getState().logout();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it("wipes the crew's queue and lists from the device on logout", async () => {
    mockFetch({ 'POST /api/logout': () => jsonResponse({ success: true }) });
    const worker = makeUser({ role: 'empleado' });
    useAuthStore.getState().setUser(worker);
    await addChange({
      userId: worker.id,
      kind: 'estado',
      moveId: 1,
      key: 'clave-de-prueba-1',
      occurredAt: new Date().toISOString(),
      data: { estado: 'en curso' },
    });
    await saveMovesSnapshot({
      userId: worker.id,
      savedAt: new Date().toISOString(),
      day: '2026-12-04',
      moves: [],
      conteos: null,
      doneToday: [],
    });
    await useAuthStore.getState().logout();
    expect(await listChanges(worker.id)).toEqual([]);
    expect(await readMovesSnapshot(worker.id)).toBeUndefined();
    expect(reloadPage).toHaveBeenCalledOnce();
  });

  it('forgets the user without calling the server or reloading', () => {
    const fetchMock = mockFetch({});
    useAuthStore.getState().setUser(makeUser({ role: 'cliente' }));
    useAuthStore.getState().forget();
    expect(useAuthStore.getState()).toMatchObject({ checking: false, user: null });
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DATA_KEY } from './userData';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { useAuthStore } from './useAuthStore';

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

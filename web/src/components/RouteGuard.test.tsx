import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../lib/useAuthStore';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import type { User } from '../lib/api';
import { USER_DATA_KEY } from '../lib/userData';
import { RouteGuard } from './RouteGuard';

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Portada</h1> },
      { path: '/cliente/:id', element: <RouteGuard path="/cliente/:id">Área del cliente</RouteGuard> },
      { path: '/gestion', element: <RouteGuard path="/gestion">Panel de gerencia</RouteGuard> },
      { path: '/trabajo', element: <RouteGuard path="/trabajo">Panel del trabajador</RouteGuard> },
      { path: '/admin', element: <RouteGuard path="/admin">Panel de administración</RouteGuard> },
      { path: '/auditoria', element: <RouteGuard path="/auditoria">Auditoría</RouteGuard> },
      { path: '/debug', element: <RouteGuard path="/debug">Depuración</RouteGuard> },
      { path: '/recuperar', element: <RouteGuard path="/recuperar">Recuperar contraseña</RouteGuard> },
      {
        path: '/acceso-gerencia',
        element: <RouteGuard path="/acceso-gerencia">Acceso de personal</RouteGuard>,
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Runs the startup auth check against a mocked /api/auth-status answer. */
async function startWith(user: User | null) {
  mockFetch({
    'GET /api/auth-status': () => jsonResponse({ authenticated: user !== null, user }),
  });
  await act(() => useAuthStore.getState().checkAuth());
}

describe('RouteGuard', () => {
  beforeEach(() => {
    useAuthStore.setState(useAuthStore.getInitialState());
  });

  it('shows the checking message until auth-status answers', async () => {
    let answer: (response: Response) => void = () => {};
    mockFetch({ 'GET /api/auth-status': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const pending = useAuthStore.getState().checkAuth();
    renderGuarded('/gestion');

    expect(screen.getByRole('status').textContent).toContain('Verificando autenticación...');
    expect(screen.queryByText('Panel de gerencia')).toBeNull();

    await act(async () => {
      answer(jsonResponse({ authenticated: true, user: makeUser({ role: 'empresario' }) }));
      await pending;
    });
    expect(screen.getByText('Panel de gerencia')).toBeTruthy();
  });

  it('redirects home when nobody is logged in', async () => {
    await startWith(null);
    const router = renderGuarded('/gestion');
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects home when the auth check fails, and forgets the stored user', async () => {
    localStorage.setItem(USER_DATA_KEY, JSON.stringify(makeUser({ role: 'cliente' })));
    mockFetch({
      'GET /api/auth-status': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await act(() => useAuthStore.getState().checkAuth());
    const router = renderGuarded('/trabajo');
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
  });

  it('renders the page for the right role and keeps a copy of the user', async () => {
    const manager = makeUser({ role: 'empresario', nombre: 'Lucía Ortega' });
    await startWith(manager);
    renderGuarded('/gestion');
    expect(screen.getByText('Panel de gerencia')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY) ?? 'null')).toEqual(manager);
  });

  it.each([
    ['/gestion', 'empleado'],
    ['/trabajo', 'empresario'],
    ['/admin', 'empresario'],
    ['/admin', 'auditor'],
    ['/auditoria', 'empresario'],
    ['/auditoria', 'empleado'],
    ['/auditoria', 'cliente'],
    ['/debug', 'auditor'],
    ['/debug', 'empresario'],
    ['/gestion', 'cliente'],
  ] as const)('sends a user with the wrong role away from %s (%s)', async (path, role) => {
    await startWith(makeUser({ role }));
    const router = renderGuarded(path);
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['/trabajo', 'empleado', 'Panel del trabajador'],
    ['/admin', 'admin', 'Panel de administración'],
    ['/auditoria', 'auditor', 'Auditoría'],
    ['/auditoria', 'admin', 'Auditoría'],
    ['/debug', 'admin', 'Depuración'],
  ] as const)('lets %s in for %s', async (path, role, text) => {
    await startWith(makeUser({ role }));
    renderGuarded(path);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('shows a client only their own dashboard', async () => {
    await startWith(makeUser({ role: 'cliente', id: 'abc-123' }));
    renderGuarded('/cliente/abc-123');
    expect(screen.getByText('Área del cliente')).toBeTruthy();
  });

  it("redirects a client away from someone else's dashboard", async () => {
    await startWith(makeUser({ role: 'cliente', id: 'abc-123' }));
    const router = renderGuarded('/cliente/otro-id');
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('redirects a worker away from a client dashboard with their id', async () => {
    const worker = makeUser({ role: 'empleado', id: 'w-1' });
    await startWith(worker);
    const router = renderGuarded('/cliente/w-1');
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows password recovery only when nobody is logged in', async () => {
    await startWith(null);
    renderGuarded('/recuperar');
    expect(screen.getByText('Recuperar contraseña')).toBeTruthy();
  });

  it('sends a logged-in user away from password recovery', async () => {
    await startWith(makeUser({ role: 'cliente' }));
    const router = renderGuarded('/recuperar');
    expect(await screen.findByRole('heading', { name: 'Portada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a client away from the staff login, and staff to their dashboard', async () => {
    await startWith(makeUser({ role: 'cliente' }));
    const clientRouter = renderGuarded('/acceso-gerencia');
    expect(clientRouter.state.location.pathname).toBe('/');

    useAuthStore.setState({ user: makeUser({ role: 'empleado' }) });
    const staffRouter = renderGuarded('/acceso-gerencia');
    expect(staffRouter.state.location.pathname).toBe('/trabajo');
  });

  it('shows the staff login to nobody logged in', async () => {
    await startWith(null);
    renderGuarded('/acceso-gerencia');
    expect(screen.getByText('Acceso de personal')).toBeTruthy();
  });
});

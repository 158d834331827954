import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouteGuard } from '../../components/RouteGuard';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { STAFF_LOGIN_MESSAGES, StaffLoginPage } from './StaffLoginPage';
import { useAuthStore } from '../../lib/useAuthStore';

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Portada</h1> },
      { path: '/acceso-gerencia', element: <StaffLoginPage /> },
      { path: '/gestion', element: <RouteGuard path="/gestion">Panel de gerencia</RouteGuard> },
      { path: '/trabajo', element: <RouteGuard path="/trabajo">Panel del trabajador</RouteGuard> },
      { path: '/admin', element: <RouteGuard path="/admin">Panel de administración</RouteGuard> },
      { path: '/auditoria', element: <RouteGuard path="/auditoria">Auditoría</RouteGuard> },
    ],
    { initialEntries: ['/acceso-gerencia'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const username = () => screen.getByLabelText('Usuario') as HTMLInputElement;
const password = () => screen.getByLabelText('Contraseña', { exact: true }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));

describe('StaffLoginPage', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: null });
  });

  it('has the title, the two tabs, a link home and the admin contact', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Acceso de personal' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Gerencia' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Trabajador' }).getAttribute('aria-selected')).toBe('false');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Contactar con el administrador' }).getAttribute('href')).toMatch(
      /^mailto:admin@mudanzas\.test/,
    );
  });

  it('asks managers for an email and workers for their employee id', () => {
    renderPage();
    expect(username().placeholder).toBe('Email');
    fireEvent.click(screen.getByRole('tab', { name: 'Trabajador' }));
    expect(username().placeholder).toBe('ID de empleado');
    expect(screen.getByRole('tab', { name: 'Trabajador' }).getAttribute('aria-selected')).toBe('true');
  });

  it('requires both fields without calling the server', () => {
    const fetchMock = mockFetch({});
    renderPage();
    submit();
    expect(screen.getByRole('alert').textContent).toBe('Por favor, completa todos los campos');

    fireEvent.change(username(), { target: { value: 'EMP-001' } });
    fireEvent.change(password(), { target: { value: '  ' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_LOGIN_MESSAGES.required);

    fireEvent.change(username(), { target: { value: '   ' } });
    fireEvent.change(password(), { target: { value: 'secreto' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(STAFF_LOGIN_MESSAGES.required);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('logs a worker in with role empleado and opens /trabajo without a reload', async () => {
    const worker = makeUser({ role: 'empleado', nombre: 'Javier Moreno', username: 'EMP-001' });
    const fetchMock = mockFetch({
      'POST /api/worker/login': () =>
        jsonResponse({
          success: true,
          worker: { id: worker.id, nombre: worker.nombre, role: 'empleado', username: 'EMP-001' },
          user: worker,
        }),
    });
    const router = renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Trabajador' }));
    fireEvent.change(username(), { target: { value: ' EMP-001 ' } });
    fireEvent.change(password(), { target: { value: 'Operario#2026' } });
    await act(async () => submit());

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'EMP-001',
      password: 'Operario#2026',
      role: 'empleado',
    });
    expect(router.state.location.pathname).toBe('/trabajo');
    expect(await screen.findByText('Panel del trabajador')).toBeTruthy();
    expect(useAuthStore.getState().user?.nombre).toBe('Javier Moreno');
  });

  it('sends an admin who used the manager tab to /admin', async () => {
    const admin = makeUser({ role: 'admin', nombre: 'Carmen Vidal' });
    mockFetch({
      'POST /api/worker/login': (init) => {
        expect(JSON.parse(String(init?.body)).role).toBe('empresario');
        return jsonResponse({
          success: true,
          worker: { id: admin.id, nombre: admin.nombre, role: 'admin', username: null },
          user: admin,
        });
      },
    });
    const router = renderPage();
    fireEvent.change(username(), { target: { value: 'admin@mudanzas.test' } });
    fireEvent.change(password(), { target: { value: 'Admin#2026' } });
    await act(async () => submit());
    expect(router.state.location.pathname).toBe('/admin');
    expect(await screen.findByText('Panel de administración')).toBeTruthy();
  });

  it('sends an auditor who used the manager tab to /auditoria', async () => {
    const auditor = makeUser({ role: 'auditor', nombre: 'Diego Prieto' });
    mockFetch({
      'POST /api/worker/login': () =>
        jsonResponse({
          success: true,
          worker: { id: auditor.id, nombre: auditor.nombre, role: 'auditor', username: null },
          user: auditor,
        }),
    });
    const router = renderPage();
    fireEvent.change(username(), { target: { value: 'auditor@mudanzas.test' } });
    fireEvent.change(password(), { target: { value: 'Auditor#2026' } });
    await act(async () => submit());
    expect(router.state.location.pathname).toBe('/auditoria');
    expect(await screen.findByText('Auditoría')).toBeTruthy();
  });

  it('re-reads auth-status when the login answer carries no user', async () => {
    const manager = makeUser({ role: 'empresario', nombre: 'Lucía Ortega' });
    mockFetch({
      'POST /api/worker/login': () =>
        jsonResponse({
          success: true,
          worker: { id: manager.id, nombre: manager.nombre, role: 'empresario', username: null },
        }),
      'GET /api/auth-status': () => jsonResponse({ authenticated: true, user: manager }),
    });
    const router = renderPage();
    fireEvent.change(username(), { target: { value: 'gerente@mudanzas.test' } });
    fireEvent.change(password(), { target: { value: 'Gerente#2026' } });
    await act(async () => submit());
    expect(router.state.location.pathname).toBe('/gestion');
    expect(await screen.findByText('Panel de gerencia')).toBeTruthy();
  });

  it('shows the server error, or "Credenciales inválidas" when there is none', async () => {
    mockFetch({
      'POST /api/worker/login': () =>
        jsonResponse({ success: false, error: 'Demasiados intentos. Espera antes de intentar de nuevo.' }, 429),
    });
    const router = renderPage();
    fireEvent.change(username(), { target: { value: 'gerente@mudanzas.test' } });
    fireEvent.change(password(), { target: { value: 'mala' } });
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe('Demasiados intentos. Espera antes de intentar de nuevo.');

    mockFetch({ 'POST /api/worker/login': () => jsonResponse({ success: false }, 401) });
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe('Credenciales inválidas');
    expect(router.state.location.pathname).toBe('/acceso-gerencia');
  });

  it('reports a network failure', async () => {
    mockFetch({
      'POST /api/worker/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    fireEvent.change(username(), { target: { value: 'gerente@mudanzas.test' } });
    fireEvent.change(password(), { target: { value: 'x' } });
    await act(async () => submit());
    expect(screen.getByRole('alert').textContent).toBe('Error de conexión. Inténtalo de nuevo.');
  });
});

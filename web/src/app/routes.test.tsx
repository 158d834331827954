import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../lib/useAuthStore';
import { makeUser } from '../test/fixtures';
import { extraRoutes, pageRoutes, routes } from './routes';
// The 28 paths of spec §2, shared with the browser tests (e2e/run.mjs).
import SPEC_PATHS from './spec-paths.json';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: null });
  });

  it('has exactly the 28 paths of §2', () => {
    expect(pageRoutes.map((r) => r.path)).toEqual(SPEC_PATHS);
  });

  it("adds only the emails' link to the client's area, the tracking page, the auditor screen and claims beyond §2", () => {
    expect(extraRoutes.map((r) => r.path)).toEqual([
      '/cliente',
      '/seguimiento',
      '/auditoria',
      '/cliente/reclamacion/:id',
      '/reclamaciones',
    ]);
  });

  it("takes a client from the emails' /cliente?valorar=N to their own area, the query kept", async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ id: 'c-42', role: 'cliente' }) });
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const router = renderAt('/cliente?valorar=7');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cliente/c-42'));
    expect(router.state.location.search).toBe('?valorar=7');
    vi.unstubAllGlobals();
  });

  it('shows the 404 page with a link home for unknown paths', () => {
    renderAt('/esto-no-existe');
    expect(screen.getByRole('heading', { name: '404 - Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('shows the home page with navbar and footer', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Mudanzas en Madrid' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Métricas del Sistema' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
  });

  it('shows the payment-access page without the site footer', async () => {
    renderAt('/acceso-de-pago');
    expect(await screen.findByRole('heading', { name: 'Acceso de pago' })).toBeTruthy();
    expect(screen.getByLabelText('Clave de pago')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('renders the error page with banner, title, two subtitles and a link home', () => {
    renderAt('/error');
    expect(screen.getByRole('img', { name: 'Camión de mudanzas detenido' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '¡Vaya! Algo ha salido mal' })).toBeTruthy();
    expect(document.querySelectorAll('.error-page__subtitle')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('loads the privacy page lazily', async () => {
    renderAt('/politica-privacidad');
    expect(await screen.findByRole('heading', { name: 'Política de privacidad' })).toBeTruthy();
  });

  it('drops the navbar and footer on the staff login page', async () => {
    renderAt('/acceso-gerencia');
    expect(await screen.findByRole('heading', { name: 'Acceso de personal' })).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('opens the login dialog from the navbar', async () => {
    renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    const dialog = await screen.findByRole('dialog', { name: 'Iniciar sesión' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('shows a profile link to the client dashboard for a logged-in client', async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ id: 'c-42', role: 'cliente' }) });
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Mi perfil' }).getAttribute('href')).toBe('/cliente/c-42');
    expect(screen.queryByRole('button', { name: 'Iniciar sesión' })).toBeNull();
  });
});

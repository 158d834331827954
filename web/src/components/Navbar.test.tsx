import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../lib/browser';
import { useAuthStore } from '../lib/useAuthStore';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { Navbar } from './Navbar';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));

function renderNavbar() {
  render(
    <MemoryRouter>
      <Navbar />
    </MemoryRouter>,
  );
}

afterEach(() => {
  useAuthStore.setState({ user: null, checking: false });
  vi.mocked(reloadPage).mockReset();
});

describe('Navbar', () => {
  it('offers login to a visitor, and no logout', () => {
    useAuthStore.setState({ user: null, checking: false });
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it.each([
    ['cliente', 'Mi perfil', '/cliente/u-1'],
    ['empresario', 'Mi panel', '/gestion'],
  ] as const)('gives a signed-in %s their area and a logout that ends the session', async (role, area, href) => {
    const calls: string[] = [];
    mockFetch({
      'POST /api/logout': () => {
        calls.push('logout');
        return jsonResponse({ success: true });
      },
    });
    useAuthStore.setState({ user: makeUser({ id: 'u-1', role }), checking: false });
    renderNavbar();
    expect(screen.getByRole('link', { name: area }).getAttribute('href')).toBe(href);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(calls).toEqual(['logout']);
    expect(useAuthStore.getState().user).toBeNull();
  });
});

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../features/error/ErrorPage';
import { reloadPage } from '../lib/browser';
import { useAuthStore } from '../lib/useAuthStore';
import { Layout } from './Layout';
import { lazyPage } from './lazyPage';

vi.mock('../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));

// After a deploy the old chunk names are gone: the import rejects as the browser's would.
const MissingPage = lazyPage(
  () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Gone-1234.js')),
  'MissingPage',
);

function Broken(): never {
  throw new Error('fallo de render');
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        errorElement: <ErrorPage />,
        children: [
          { path: '/perdida', element: <MissingPage /> },
          { path: '/rota', element: <Broken /> },
          { path: '/otra', element: <h1>Otra página</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('lazy page loading', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: null });
  });

  it('shows a Spanish message with a reload button when a page chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = renderAt('/perdida');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se ha podido cargar esta página.');
    // The shell stays: the visitor can still use the navbar.
    expect(screen.getByRole('banner')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recargar la página' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);

    // Moving to another page clears the message.
    await act(() => router.navigate('/otra'));
    expect(screen.getByRole('heading', { name: 'Otra página' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves any other render error to the router’s error page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt('/rota');
    expect(screen.getByRole('heading', { level: 1, name: '¡Vaya! Algo ha salido mal' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recargar la página' })).toBeNull();
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '../../components/RouteGuard';
import { USER_DATA_KEY } from '../../lib/userData';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { DeleteAccountModal } from './DeleteAccountModal';
import { PasswordChangeModal } from './PasswordChangeModal';
import { ProfileTab } from './ProfileTab';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert, reloadPage } = await import('../../lib/browser');

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;

describe('PasswordChangeModal', () => {
  const onClose = vi.fn();

  beforeEach(() => {
    onClose.mockClear();
    vi.mocked(showAlert).mockClear();
  });

  function fill(current: string, next: string, confirm: string) {
    fireEvent.change(field('Contraseña actual'), { target: { value: current } });
    fireEvent.change(field('Nueva contraseña'), { target: { value: next } });
    fireEvent.change(field('Confirmar nueva contraseña'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
  }

  it.each([
    ['', 'nueva1', 'nueva1', 'Todos los campos son obligatorios'],
    ['Vieja#2026', 'nueva1', 'nueva2', 'Las contraseñas nuevas no coinciden'],
    ['Vieja#2026', 'corta', 'corta', 'La nueva contraseña debe tener al menos 6 caracteres'],
  ])('refuses %j / %j / %j with "%s" and sends nothing', (current, next, confirm, message) => {
    const fetchMock = mockFetch({});
    render(<PasswordChangeModal onClose={onClose} />);
    fill(current, next, confirm);
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides each password', () => {
    render(<PasswordChangeModal onClose={onClose} />);
    expect(field('Nueva contraseña').type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Mostrar contraseña' })[1]!);
    expect(field('Nueva contraseña').type).toBe('text');
    expect(field('Contraseña actual').type).toBe('password');
  });

  it('changes the password and closes', async () => {
    const fetchMock = mockFetch({ 'PUT /api/cambiar-password': () => jsonResponse({ success: true }) });
    render(<PasswordChangeModal onClose={onClose} />);
    fill('Vieja#2026', 'nueva12', 'nueva12');
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Contraseña actualizada correctamente'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      current_password: 'Vieja#2026',
      new_password: 'nueva12',
      confirm_password: 'nueva12',
    });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('shows the server error and stays open', async () => {
    mockFetch({
      'PUT /api/cambiar-password': () =>
        jsonResponse({ success: false, error: 'La contraseña actual no es correcta' }, 400),
    });
    render(<PasswordChangeModal onClose={onClose} />);
    fill('Mala#2026', 'nueva12', 'nueva12');
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Error: La contraseña actual no es correcta'));
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Cambiar contraseña' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('reports a network failure', async () => {
    mockFetch({
      'PUT /api/cambiar-password': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    render(<PasswordChangeModal onClose={onClose} />);
    fill('Vieja#2026', 'nueva12', 'nueva12');
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Error de conexión. Por favor, inténtalo de nuevo.'));
  });
});

describe('DeleteAccountModal', () => {
  beforeEach(() => {
    vi.mocked(showAlert).mockClear();
    vi.mocked(reloadPage).mockClear();
  });

  it('explains what is deleted and what is kept anonymised', () => {
    render(<DeleteAccountModal email="marta@mudanzas.test" onClose={() => {}} onDeleted={() => {}} />);
    expect(screen.getByText(/tus datos personales y de contacto/)).toBeTruthy();
    expect(
      screen.getByText(/Tus mudanzas y facturas se conservan de forma anónima durante el plazo legal/),
    ).toBeTruthy();
  });

  it('requires the password', () => {
    const fetchMock = mockFetch({});
    render(<DeleteAccountModal email="marta@mudanzas.test" onClose={() => {}} onDeleted={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    expect(screen.getByRole('alert').textContent).toBe('Debes ingresar tu contraseña para confirmar');
    expect(field('Contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server error and does not sign out', async () => {
    const onDeleted = vi.fn();
    mockFetch({
      'DELETE /api/eliminar-cuenta': () => jsonResponse({ success: false, error: 'La contraseña no es correcta' }, 400),
    });
    render(<DeleteAccountModal email="marta@mudanzas.test" onClose={() => {}} onDeleted={onDeleted} />);
    fireEvent.change(field('Contraseña'), { target: { value: 'Mala#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Error: La contraseña no es correcta'));
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes the account from the profile tab, forgets the session and goes home', async () => {
    const user = makeUser({ id: 'c-1', role: 'cliente', email: 'marta@mudanzas.test' });
    useAuthStore.getState().setUser(user);
    const fetchMock = mockFetch({ 'DELETE /api/eliminar-cuenta': () => jsonResponse({ success: true }) });
    function Harness() {
      const current = useAuthStore((s) => s.user);
      return current ? <ProfileTab user={current} /> : null;
    }
    const router = createMemoryRouter(
      [
        {
          path: '/cliente/:id',
          element: (
            <RouteGuard path="/cliente/:id">
              <Harness />
            </RouteGuard>
          ),
        },
        { path: '/', element: <h1>Inicio</h1> },
      ],
      { initialEntries: ['/cliente/c-1'] },
    );
    render(<RouterProvider router={router} />);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar cuenta' }));
    fireEvent.change(field('Contraseña'), { target: { value: 'Cliente#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));

    await screen.findByRole('heading', { name: 'Inicio' });
    expect(showAlert).toHaveBeenCalledWith('Cuenta eliminada correctamente');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      password: 'Cliente#2026',
      email: 'marta@mudanzas.test',
    });
    expect(router.state.location.pathname).toBe('/');
    expect(useAuthStore.getState().user).toBeNull();
    expect(localStorage.getItem(USER_DATA_KEY)).toBeNull();
    expect(reloadPage).not.toHaveBeenCalled();
  });
});

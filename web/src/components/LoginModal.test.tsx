import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../lib/useAuthStore';
import { useLoginModalStore } from '../lib/useLoginModalStore';
import { USER_DATA_KEY } from '../lib/userData';
import { jsonResponse, makeUser, mockFetch } from '../test/fixtures';
import { LoginModal, LOGIN_MESSAGES } from './LoginModal';

function renderModal(path = '/opiniones') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <p>Página actual</p>
            <LoginModal />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  act(() => useLoginModalStore.getState().openLoginModal());
  return router;
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
}

function submit() {
  const dialog = screen.getByRole('dialog', { name: 'Iniciar sesión' });
  const button = Array.from(dialog.querySelectorAll('button')).find((b) => b.type === 'submit');
  if (!button) throw new Error('falta el botón de enviar');
  fireEvent.click(button);
}

describe('LoginModal', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: null });
    useLoginModalStore.setState({ open: false });
  });

  it('is an accessible dialog with the email field focused and typed as email', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: 'Iniciar sesión' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(document.activeElement).toBe(email);
  });

  it('requires both fields without calling the server', () => {
    const fetchMock = mockFetch({});
    renderModal();
    submit();
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_MESSAGES.required);
    expect(LOGIN_MESSAGES.required).toBe('Por favor, completa todos los campos');

    fill('Email', '   ');
    fill('Contraseña', 'secreto');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_MESSAGES.required);

    fill('Email', 'cliente@mudanzas.test');
    fill('Contraseña', '   ');
    submit();
    expect(screen.getByRole('alert').textContent).toBe(LOGIN_MESSAGES.required);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles password visibility', () => {
    renderModal();
    const password = screen.getByLabelText('Contraseña', { exact: true }) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password.type).toBe('password');
  });

  it('logs in: sends trimmed email with credentials, stores the user, closes and goes to their area', async () => {
    const user = makeUser({ role: 'cliente', id: 'c-1', nombre: 'Marta Sánchez' });
    const fetchMock = mockFetch({ 'POST /api/login': () => jsonResponse({ success: true, user }) });
    const router = renderModal('/opiniones');

    fill('Email', '  cliente@mudanzas.test ');
    fill('Contraseña', 'Cliente#2026');
    await act(async () => submit());

    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'cliente@mudanzas.test', password: 'Cliente#2026' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAuthStore.getState().user).toEqual(user);
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY) ?? 'null')).toEqual(user);
    expect(router.state.location.pathname).toBe('/cliente/c-1');
  });

  it("shows the server's error text", async () => {
    mockFetch({
      'POST /api/login': () => jsonResponse({ success: false, error: 'Credenciales inválidas' }, 401),
    });
    renderModal();
    fill('Email', 'cliente@mudanzas.test');
    fill('Contraseña', 'mala');
    await act(async () => submit());
    expect((await screen.findByRole('alert')).textContent).toBe('Credenciales inválidas');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('falls back to a generic message when the server gives no error text', async () => {
    mockFetch({ 'POST /api/login': () => new Response('Bad Gateway', { status: 502 }) });
    renderModal();
    fill('Email', 'cliente@mudanzas.test');
    fill('Contraseña', 'x');
    await act(async () => submit());
    expect((await screen.findByRole('alert')).textContent).toBe(LOGIN_MESSAGES.fallback);
  });

  it('reports a network failure', async () => {
    mockFetch({
      'POST /api/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderModal();
    fill('Email', 'cliente@mudanzas.test');
    fill('Contraseña', 'x');
    await act(async () => submit());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error de conexión. Verifica que el servidor esté funcionando.',
    );
  });

  it('closes on backdrop click and on Escape, but not on a click inside', () => {
    renderModal();
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.mouseDown(dialog.parentElement as HTMLElement);
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useLoginModalStore.getState().openLoginModal());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('goes to the register page and to password recovery, closing itself', () => {
    const router = renderModal();
    fireEvent.click(screen.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }));
    expect(router.state.location.pathname).toBe('/registro');
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useLoginModalStore.getState().openLoginModal());
    const forgot = screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
    expect(forgot.getAttribute('href')).toBe('/recuperar');
    fireEvent.click(forgot);
    expect(router.state.location.pathname).toBe('/recuperar');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

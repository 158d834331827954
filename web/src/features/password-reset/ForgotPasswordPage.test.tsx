import { StrictMode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouteGuard } from '../../components/RouteGuard';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { useLoginModalStore } from '../../lib/useLoginModalStore';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { RECOVERY_MESSAGES } from './messages';
import { validateResetForm } from './ResetPasswordView';

function renderAt(entry: string, { strict = false } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Portada</h1> },
      { path: '/contacto', element: <h1>Contacto</h1> },
      {
        path: '/recuperar',
        element: (
          <RouteGuard path="/recuperar">
            <ForgotPasswordPage />
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  const app = <RouterProvider router={router} />;
  render(strict ? <StrictMode>{app}</StrictMode> : app);
  return router;
}

const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const sendButton = () => screen.getByRole('button', { name: 'Enviar enlace' });

function requestWith(email: string) {
  fireEvent.change(emailInput(), { target: { value: email } });
  fireEvent.click(sendButton());
}

beforeEach(() => {
  useAuthStore.setState({ checking: false, user: null });
  useLoginModalStore.setState({ open: false });
});

describe('/recuperar: asking for a reset link', () => {
  it('shows the form with a labelled email field, without taking the focus on load', () => {
    // StrictMode runs effects twice on mount, as the app does in development.
    renderAt('/recuperar', { strict: true });
    expect(document.activeElement).toBe(document.body);
    expect(screen.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
    expect(emailInput().type).toBe('email');
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');
  });

  it('rejects an empty or malformed email without calling the server', () => {
    const fetchMock = mockFetch({});
    renderAt('/recuperar');
    fireEvent.click(sendButton());
    expect(screen.getByRole('alert').textContent).toBe('Por favor, introduce un email válido.');
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');

    requestWith('ana@ejemplo');
    expect(screen.getByRole('alert').textContent).toBe(RECOVERY_MESSAGES.invalidEmail);
    expect(fetchMock).not.toHaveBeenCalled();

    // Typing again clears the message.
    fireEvent.change(emailInput(), { target: { value: 'ana@ejemplo.es' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the email trimmed and lowercased, shows the success view, and try again clears the form', async () => {
    const fetchMock = mockFetch({ 'POST /api/forgot-password': () => jsonResponse({ success: true }) });
    renderAt('/recuperar');
    requestWith('  Ana.Garcia@Ejemplo.ES ');

    const heading = await screen.findByRole('heading', { name: 'Revisa tu correo' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ email: 'ana.garcia@ejemplo.es' });
    expect(screen.getByText('ana.garcia@ejemplo.es')).toBeTruthy();
    expect(screen.getByText(/El enlace caduca en 1 hora/)).toBeTruthy();
    // Focus moves in an effect after the view renders: on a busy machine that is a moment later.
    await waitFor(() => expect(document.activeElement).toBe(heading));

    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(screen.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
    expect(emailInput().value).toBe('');
    expect(document.activeElement).toBe(emailInput());
  });

  it('shows the 404 message with try again and a link to support', async () => {
    mockFetch({
      'POST /api/forgot-password': () =>
        jsonResponse({ success: false, error: 'No encontramos una cuenta con ese email.' }, 404),
    });
    renderAt('/recuperar');
    requestWith('nadie@ejemplo.es');

    expect(await screen.findByRole('heading', { name: 'No hemos podido enviar el enlace' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No encontramos una cuenta con ese email.');
    expect(screen.getByRole('link', { name: 'Contactar con soporte' }).getAttribute('href')).toBe('/contacto');

    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    expect(emailInput().value).toBe('');
  });

  it('shows the server message on 429 and the connection message when the request fails', async () => {
    let call = 0;
    mockFetch({
      'POST /api/forgot-password': () => {
        call += 1;
        if (call === 1) {
          return jsonResponse(
            { success: false, error: 'Demasiados intentos. Espera antes de intentar de nuevo.' },
            429,
          );
        }
        throw new TypeError('Failed to fetch');
      },
    });
    renderAt('/recuperar');
    requestWith('ana@ejemplo.es');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Demasiados intentos. Espera antes de intentar de nuevo.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    requestWith('ana@ejemplo.es');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(RECOVERY_MESSAGES.network));
  });

  it('disables the form while the request is on its way', async () => {
    let resolve: (r: Response) => void = () => {};
    mockFetch({ 'POST /api/forgot-password': () => new Promise<Response>((r) => (resolve = r)) });
    renderAt('/recuperar');
    requestWith('ana@ejemplo.es');
    expect((screen.getByRole('button', { name: 'Enviando...' }) as HTMLButtonElement).disabled).toBe(true);
    expect(emailInput().disabled).toBe(true);
    await act(async () => resolve(jsonResponse({ success: true })));
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeTruthy();
  });

  it('sends a logged-in user home (anonymous only)', () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'cliente' }) });
    const router = renderAt('/recuperar');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('validateResetForm (§5 registration password)', () => {
  it('requires the registration rules and a matching confirmation', () => {
    expect(validateResetForm('', '')).toEqual({
      password: 'La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos',
      confirmation: null,
    });
    expect(validateResetForm('abcdefgh1!', 'abcdefgh1!').password).not.toBeNull();
    expect(validateResetForm('Abcdefg1!', 'Abcdefg1?')).toEqual({
      password: null,
      confirmation: 'Las contraseñas no coinciden',
    });
    expect(validateResetForm('Abcdefg1!', 'Abcdefg1!')).toEqual({ password: null, confirmation: null });
  });
});

describe('/recuperar?token=…: choosing the new password', () => {
  const TOKEN = 'tok-123_abc';
  const CHECK = `GET /api/restablecer-password?token=${TOKEN}`;
  const newPassword = () => screen.getByLabelText('Nueva contraseña') as HTMLInputElement;
  const confirmation = () => screen.getByLabelText('Confirmar contraseña') as HTMLInputElement;
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar contraseña' }));

  it('checks the link, shows the account and takes the token out of the address', async () => {
    const fetchMock = mockFetch({ [CHECK]: () => jsonResponse({ success: true, email: 'ana@ejemplo.es' }) });
    const router = renderAt(`/recuperar?token=${TOKEN}`);
    expect(screen.getByRole('status').textContent).toContain('Comprobando el enlace...');

    expect(await screen.findByRole('heading', { name: 'Crea una nueva contraseña' })).toBeTruthy();
    expect(screen.getByText('ana@ejemplo.es')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recuperar');
    expect(router.state.location.search).toBe('');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(newPassword());
  });

  it('validates on blur and on submit, with a strength meter, and never sends an invalid form', async () => {
    const fetchMock = mockFetch({ [CHECK]: () => jsonResponse({ success: true, email: 'ana@ejemplo.es' }) });
    renderAt(`/recuperar?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Crea una nueva contraseña' });

    expect(screen.getByText('Ninguna')).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'abc' } });
    expect(screen.getByText('Débil')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(newPassword());
    expect(screen.getByRole('alert').textContent).toMatch(/al menos 8 caracteres/);
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(newPassword().getAttribute('aria-describedby')).toContain('reset-password-error');

    fireEvent.change(newPassword(), { target: { value: 'Mudanza#2026' } });
    expect(screen.getByText('Fuerte')).toBeTruthy();
    fireEvent.change(confirmation(), { target: { value: 'Mudanza#2025' } });
    save();
    expect(screen.getByRole('alert').textContent).toBe('Las contraseñas no coinciden');
    expect(document.activeElement).toBe(confirmation());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('saves the new password and opens the login dialog from the success view', async () => {
    const fetchMock = mockFetch({
      [CHECK]: () => jsonResponse({ success: true, email: 'ana@ejemplo.es' }),
      'POST /api/restablecer-password': () => jsonResponse({ success: true }),
    });
    renderAt(`/recuperar?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Crea una nueva contraseña' });

    fireEvent.change(newPassword(), { target: { value: 'Mudanza#2026' } });
    fireEvent.change(confirmation(), { target: { value: 'Mudanza#2026' } });
    save();

    expect(await screen.findByRole('heading', { name: 'Contraseña actualizada' })).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ token: TOKEN, password: 'Mudanza#2026' });
    expect(screen.getByRole('link', { name: 'Volver al inicio' }).getAttribute('href')).toBe('/');

    fireEvent.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(useLoginModalStore.getState().open).toBe(true);
  });

  it('shows the server reason when saving fails and keeps the form', async () => {
    mockFetch({
      [CHECK]: () => jsonResponse({ success: true, email: 'ana@ejemplo.es' }),
      'POST /api/restablecer-password': () =>
        jsonResponse({ success: false, error: 'El enlace no es válido o ha caducado. Solicita uno nuevo.' }, 400),
    });
    renderAt(`/recuperar?token=${TOKEN}`);
    await screen.findByRole('heading', { name: 'Crea una nueva contraseña' });
    fireEvent.change(newPassword(), { target: { value: 'Mudanza#2026' } });
    fireEvent.change(confirmation(), { target: { value: 'Mudanza#2026' } });
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(RECOVERY_MESSAGES.invalidLink);
    expect((screen.getByRole('button', { name: 'Guardar contraseña' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('refuses a used or expired link with the server message and offers a new one', async () => {
    mockFetch({
      [CHECK]: () =>
        jsonResponse({ success: false, error: 'El enlace no es válido o ha caducado. Solicita uno nuevo.' }, 400),
    });
    const router = renderAt(`/recuperar?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Enlace no válido' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('El enlace no es válido o ha caducado. Solicita uno nuevo.');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(router.state.location.search).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Solicitar un nuevo enlace' }));
    expect(screen.getByRole('heading', { name: '¿Olvidaste tu contraseña?' })).toBeTruthy();
    expect(document.activeElement).toBe(emailInput());
  });

  it('offers to retry the same link when the check never got an answer', async () => {
    let call = 0;
    mockFetch({
      [CHECK]: () => {
        call += 1;
        if (call === 1) throw new TypeError('Failed to fetch');
        return jsonResponse({ success: true, email: 'ana@ejemplo.es' });
      },
    });
    renderAt(`/recuperar?token=${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe(RECOVERY_MESSAGES.network);
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Crea una nueva contraseña' })).toBeTruthy();
  });
});

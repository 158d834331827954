import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_DATA_KEY } from '../../../lib/userData';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { useAuthStore } from '../../../lib/useAuthStore';
import { REGISTRATION_STORAGE_KEY, useRegistrationStore } from '../../../lib/useRegistrationStore';
import { AUTO_VERIFY_MS, AUTO_VERIFY_PASTE_MS } from './CodeInput';
import { CONFIRM_MESSAGES, ConfirmEmailPage, REDIRECT_HOME_MS } from './ConfirmEmailPage';

const EMAIL = 'lucia@ejemplo.es';
const NOW = new Date('2026-03-01T10:00:00Z').getTime();

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Portada</h1> },
      { path: '/registro', element: <h1>Registro</h1> },
      { path: '/confirmar-email', element: <ConfirmEmailPage /> },
      { path: '/cliente/:id', element: <h1>Mi área</h1> },
    ],
    { initialEntries: ['/confirmar-email'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** A registration just finished in this tab: fresh 5-minute code, 60 s until another. */
function holdRegistration(expiraEn = 300, reenviarEn = 60) {
  useRegistrationStore
    .getState()
    .setRegistration(
      { email: EMAIL, fullName: 'Lucía Fernández', phone: '612 345 678', address: 'Calle de Serrano 45' },
      { expira_en: expiraEn, reenviar_en: reenviarEn },
    );
}

const box = (n: number) => screen.getByLabelText(`Dígito ${n}`) as HTMLInputElement;
const code = () => [1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('');
const typeCode = (digits: string) =>
  digits.split('').forEach((d, i) => fireEvent.change(box(i + 1), { target: { value: d } }));
const paste = (text: string) => fireEvent.paste(box(1), { clipboardData: { getData: () => text } });
const resendButton = () => screen.getByRole('button', { name: /Reenviar código/ }) as HTMLButtonElement;
/** Lets timers and the mocked fetch's promises run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('ConfirmEmailPage', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    useAuthStore.setState({ checking: false, user: null });
    useRegistrationStore.getState().clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the visitor to /registro when no email is held', () => {
    const router = renderPage();
    expect(router.state.location.pathname).toBe('/registro');
  });

  it('waits for the session check before deciding', () => {
    useAuthStore.setState({ checking: true, user: null });
    const router = renderPage();
    expect(router.state.location.pathname).toBe('/confirmar-email');
    expect(screen.getByRole('status').textContent).toBe('Verificando autenticación...');
    act(() =>
      useAuthStore.setState({
        checking: false,
        user: makeUser({ role: 'cliente', email: 'p@x.es', isUserEmailConfirmed: false }),
      }),
    );
    expect(screen.getByRole('button', { name: /p@x\.es/ })).toBeTruthy();
  });

  it('shows the held email, six boxes, a 5:00 countdown, resend cooling down and a way back', () => {
    holdRegistration();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Confirma tu email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Copiar ${EMAIL}` })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(screen.getByRole('timer').textContent).toBe('5:00');
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Reenviar código (60 s)');
    expect(screen.getByRole('link', { name: 'Volver al registro' }).getAttribute('href')).toBe('/registro');
  });

  it("uses the logged-in user's email when it is unconfirmed and nothing is held", () => {
    useAuthStore.setState({
      checking: false,
      user: makeUser({ role: 'cliente', email: 'ana@ejemplo.es', isUserEmailConfirmed: false }),
    });
    renderPage();
    expect(screen.getByRole('button', { name: 'Copiar ana@ejemplo.es' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('5:00');
    // Nothing says when their code was sent: they may ask for another at once.
    expect(resendButton().disabled).toBe(false);
  });

  it('tells a confirmed user so, with a link to their area', () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'cliente', id: 'c-3' }) });
    renderPage();
    expect(screen.getByRole('heading', { name: 'Tu email ya está confirmado' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a mi área de cliente' }).getAttribute('href')).toBe('/cliente/c-3');
  });

  it('counts down from expira_en and, at 0, shows the expired message and enables resend', async () => {
    holdRegistration(90, 60);
    renderPage();
    expect(screen.getByRole('timer').textContent).toBe('1:30');
    await advance(30_000);
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    expect(resendButton().disabled).toBe(true);
    await advance(30_000);
    expect(screen.getByRole('timer').textContent).toBe('0:30');
    expect(resendButton().disabled).toBe(false);
    await advance(30_000);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('El código ha expirado. Solicita uno nuevo.');
    expect(resendButton().disabled).toBe(false);
  });

  it('verifies 200 ms after the sixth digit, logs the confirmed user in and goes to their area after 3 s', async () => {
    holdRegistration();
    const confirmed = makeUser({ role: 'cliente', email: EMAIL, isUserEmailConfirmed: true });
    const fetchMock = mockFetch({
      'POST /api/confirm-email': () => jsonResponse({ success: true, confirmed: true, user: confirmed }),
    });
    const router = renderPage();
    typeCode('482913');
    await advance(AUTO_VERIFY_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ email: EMAIL, code: '482913' });

    expect(screen.getByRole('heading', { name: '¡Email confirmado!' })).toBeTruthy();
    expect(useAuthStore.getState().user).toEqual(confirmed);
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY)!).isUserEmailConfirmed).toBe(true);
    expect(useRegistrationStore.getState().email).toBe('');

    await advance(REDIRECT_HOME_MS - 10);
    expect(router.state.location.pathname).toBe('/confirmar-email');
    await advance(10);
    expect(router.state.location.pathname).toBe(`/cliente/${confirmed.id}`);
  });

  it('verifies 300 ms after a paste, and only once', async () => {
    holdRegistration();
    const fetchMock = mockFetch({
      'POST /api/confirm-email': () =>
        jsonResponse({ success: true, confirmed: true, user: makeUser({ role: 'cliente', email: EMAIL }) }),
    });
    renderPage();
    paste('482913');
    expect(code()).toBe('482913');
    await advance(AUTO_VERIFY_PASTE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await advance(1);
    await advance(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('verifies with the button or Enter, and asks for six digits first', async () => {
    holdRegistration();
    const fetchMock = mockFetch({
      'POST /api/confirm-email': () =>
        jsonResponse({ success: false, confirmed: false, error: CONFIRM_MESSAGES.invalid, intentos_restantes: 4 }, 400),
    });
    renderPage();
    typeCode('123');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByRole('alert').textContent).toBe('Introduce los 6 dígitos del código');
    expect(code()).toBe('123');
    expect(fetchMock).not.toHaveBeenCalled();

    typeCode('123456');
    fireEvent.submit(box(6).form!);
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The auto-verify timer of the sixth digit does not send it again.
    await advance(1000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a wrong code shows the server error, clears the boxes and refocuses the first', async () => {
    holdRegistration();
    mockFetch({
      'POST /api/confirm-email': () =>
        jsonResponse(
          { success: false, confirmed: false, error: 'Código inválido. Por favor, verifica e intenta de nuevo.' },
          400,
        ),
    });
    renderPage();
    typeCode('111111');
    await advance(AUTO_VERIFY_MS);
    expect(screen.getByRole('alert').textContent).toBe('Código inválido. Por favor, verifica e intenta de nuevo.');
    expect(code()).toBe('');
    expect(document.activeElement).toBe(box(1));
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the too-many-attempts message of a 429', async () => {
    holdRegistration();
    mockFetch({
      'POST /api/confirm-email': () => jsonResponse({ success: false, confirmed: false }, 429),
    });
    renderPage();
    typeCode('111111');
    await advance(AUTO_VERIFY_MS);
    expect(screen.getByRole('alert').textContent).toBe('Demasiados intentos. Espera antes de intentar de nuevo.');
  });

  it('an expired code stops the countdown and enables resend', async () => {
    holdRegistration(200, 0);
    mockFetch({
      'POST /api/confirm-email': () =>
        jsonResponse({ success: false, confirmed: false, error: CONFIRM_MESSAGES.expired }, 400),
    });
    renderPage();
    typeCode('111111');
    await advance(AUTO_VERIFY_MS);
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      CONFIRM_MESSAGES.expired,
      CONFIRM_MESSAGES.expired,
    ]);
    expect(resendButton().disabled).toBe(false);
  });

  it('a network failure reads as an invalid code (§8)', async () => {
    holdRegistration();
    mockFetch({
      'POST /api/confirm-email': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    paste('123456');
    await advance(AUTO_VERIFY_PASTE_MS);
    expect(screen.getByRole('alert').textContent).toBe(CONFIRM_MESSAGES.invalid);
    expect(code()).toBe('');
  });

  it('resend restarts 5 minutes, clears the boxes and cools down 60 s', async () => {
    holdRegistration(10, 0);
    const fetchMock = mockFetch({
      'POST /api/resend-code': () => jsonResponse({ success: true, expira_en: 300, reenviar_en: 60 }),
    });
    renderPage();
    await advance(11_000);
    expect(screen.getByText(CONFIRM_MESSAGES.expired)).toBeTruthy();
    typeCode('12');
    fireEvent.click(resendButton());
    await advance(0);
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ email: EMAIL });
    expect(screen.getByRole('timer').textContent).toBe('5:00');
    expect(code()).toBe('');
    expect(screen.getByText(`Te hemos enviado un código nuevo a ${EMAIL}.`).getAttribute('role')).toBe('status');
    expect(resendButton().disabled).toBe(true);
    expect(resendButton().textContent).toBe('Reenviar código (60 s)');
    await advance(15_000);
    expect(resendButton().textContent).toBe('Reenviar código (45 s)');
    await advance(45_000);
    expect(resendButton().disabled).toBe(false);
    expect(resendButton().textContent).toBe('Reenviar código');
    expect(screen.getByRole('timer').textContent).toBe('4:00');
  });

  it('a refused resend shows the server message and honours reenviar_en of a 429', async () => {
    useAuthStore.setState({
      checking: false,
      user: makeUser({ role: 'cliente', email: EMAIL, isUserEmailConfirmed: false }),
    });
    mockFetch({
      'POST /api/resend-code': () =>
        jsonResponse({ success: false, error: 'Espera antes de pedir otro código', reenviar_en: 42 }, 429),
    });
    renderPage();
    fireEvent.click(resendButton());
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Espera antes de pedir otro código');
    expect(resendButton().textContent).toBe('Reenviar código (42 s)');
  });

  it('a resend that fails without a message says so', async () => {
    holdRegistration(300, 0);
    mockFetch({
      'POST /api/resend-code': () => new Response('Bad gateway', { status: 502 }),
    });
    renderPage();
    fireEvent.click(resendButton());
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Error al reenviar el código');
  });

  it('copies the email when it is clicked and says so for a moment', async () => {
    holdRegistration();
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: `Copiar ${EMAIL}` }));
    await advance(0);
    expect(writeText).toHaveBeenCalledWith(EMAIL);
    expect(screen.getByText('Copiado')).toBeTruthy();
    await advance(2000);
    expect(screen.queryByText('Copiado')).toBeNull();
  });

  it('keeps the email and the countdown across a reload (sessionStorage)', async () => {
    holdRegistration(300, 60);
    vi.setSystemTime(NOW + 100_000);
    // A new page load starts from an empty store and reads it back from sessionStorage.
    const saved = sessionStorage.getItem(REGISTRATION_STORAGE_KEY)!;
    useRegistrationStore.getState().clear();
    sessionStorage.setItem(REGISTRATION_STORAGE_KEY, saved);
    await useRegistrationStore.persist.rehydrate();
    renderPage();
    expect(screen.getByRole('button', { name: `Copiar ${EMAIL}` })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('3:20');
  });
});

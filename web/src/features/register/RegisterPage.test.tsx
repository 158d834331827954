import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { rememberReferral } from '../../lib/referral';
import { USER_DATA_KEY } from '../../lib/userData';
import { MESSAGES, PHONE_HINT } from '../../lib/validation';
import { jsonResponse, makeUser, mockFetch, waitForPage } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { useLoginModalStore } from '../../lib/useLoginModalStore';
import { REGISTRATION_STORAGE_KEY, useRegistrationStore } from '../../lib/useRegistrationStore';

async function renderAt(path = '/registro') {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await waitForPage();
  return router;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
const registerButton = () => screen.getByRole('button', { name: 'Crear cuenta' }) as HTMLButtonElement;
const currentStep = () =>
  screen.getByRole('navigation', { name: 'Progreso del registro' }).querySelector('[aria-current="step"]')?.textContent;

function fillToStep3() {
  type('Nombre completo', 'Lucía Fernández');
  next();
  type('Email', 'lucia@ejemplo.es');
  type('Teléfono', '612345678');
  type('Dirección', 'Calle de Serrano 45, Madrid');
  next();
}

function fillSecurity(password = 'Mudanza#2026') {
  type('Contraseña', password);
  type('Confirmar contraseña', password);
}

describe('RegisterPage', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: null });
    useLoginModalStore.setState({ open: false });
    useRegistrationStore.getState().clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows three steps with a progress indicator, the login button, a skip link and the legal links', async () => {
    await renderAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeTruthy();
    expect(screen.getByText('Paso 1 de 3')).toBeTruthy();
    const progress = screen.getByRole('navigation', { name: 'Progreso del registro' });
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Datos personales', '2Contacto', '3Seguridad']);
    expect(currentStep()).toContain('Datos personales');
    expect(screen.getByRole('link', { name: 'Ahora no, volver al inicio' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Condiciones de uso' }).getAttribute('href')).toBe('/condiciones-uso');
    expect(screen.getByRole('link', { name: 'Política de privacidad' }).getAttribute('href')).toBe(
      '/politica-privacidad',
    );
    // §2: register keeps the navbar but not the site footer.
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('opens the login dialog from its own button', async () => {
    await renderAt();
    fireEvent.click(screen.getByRole('button', { name: 'Inicia sesión' }));
    expect(await screen.findByRole('dialog', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('shows a field error on blur and does not leave step 1 without a valid name', async () => {
    await renderAt();
    fireEvent.blur(field('Nombre completo'));
    expect(screen.getByText(MESSAGES.nameRequired)).toBeTruthy();
    type('Nombre completo', 'Lucía 2');
    expect(screen.getByText(MESSAGES.nameLetters)).toBeTruthy();
    expect(field('Nombre completo').getAttribute('aria-invalid')).toBe('true');
    expect(field('Nombre completo').getAttribute('aria-describedby')).toBe('registro-nombre-error');
    next();
    expect(screen.getByText('Paso 1 de 3')).toBeTruthy();
    type('Nombre completo', 'Lucía Fernández');
    expect(screen.queryByText(MESSAGES.nameLetters)).toBeNull();
    next();
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
  });

  it('does not show errors for untouched fields, and Next marks the whole step', async () => {
    await renderAt();
    type('Nombre completo', 'Lucía Fernández');
    next();
    expect(screen.queryByText(MESSAGES.email)).toBeNull();
    next();
    expect(screen.getByText(MESSAGES.email)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phone)).toBeTruthy();
    expect(screen.getByText(MESSAGES.addressRequired)).toBeTruthy();
    expect(document.activeElement).toBe(field('Email'));
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
  });

  it('fills Ciudad and Código postal from the address, lets them be corrected and checks them', async () => {
    await renderAt();
    type('Nombre completo', 'Lucía Fernández');
    next();
    expect(field('Ciudad').value).toBe('');
    expect(field('Código postal').value).toBe('');
    type('Dirección', 'Calle de Serrano 45, 28001 Madrid');
    expect(field('Ciudad').value).toBe('Madrid');
    expect(field('Código postal').value).toBe('28001');

    type('Código postal', '2800');
    fireEvent.blur(field('Código postal'));
    expect(screen.getByText('Ingresa un código postal válido')).toBeTruthy();
    expect(field('Código postal').getAttribute('aria-invalid')).toBe('true');
    type('Ciudad', 'Madrid 2');
    type('Email', 'lucia@ejemplo.es');
    type('Teléfono', '612345678');
    next();
    // Not on with a wrong city or postal code: the first is focused.
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    expect(screen.getByText('Ingresa una ciudad válida')).toBeTruthy();
    expect(document.activeElement).toBe(field('Ciudad'));

    type('Ciudad', 'Alcobendas');
    type('Código postal', '28108');
    // What the user typed stays when the address changes.
    type('Dirección', 'Calle de Serrano 45, 28006 Madrid');
    expect(field('Ciudad').value).toBe('Alcobendas');
    expect(field('Código postal').value).toBe('28108');
    expect(screen.queryByText('Ingresa una ciudad válida')).toBeNull();
    next();
    expect(screen.getByText('Paso 3 de 3')).toBeTruthy();
  });

  it('formats the phone in groups of three and shows the hint', async () => {
    await renderAt();
    type('Nombre completo', 'Lucía Fernández');
    next();
    type('Teléfono', '+34612345678');
    expect(field('Teléfono').value).toBe('+34 612 345 678');
    expect(screen.getByText(PHONE_HINT)).toBeTruthy();
    expect(field('Teléfono').getAttribute('aria-describedby')).toBe('registro-telefono-hint');
  });

  it('goes back keeping what was typed', async () => {
    await renderAt();
    fillToStep3();
    expect(screen.getByText('Paso 3 de 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(screen.getByText('Paso 2 de 3')).toBeTruthy();
    expect(field('Email').value).toBe('lucia@ejemplo.es');
    expect(field('Teléfono').value).toBe('612 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Atrás' }));
    expect(field('Nombre completo').value).toBe('Lucía Fernández');
    expect(screen.queryByRole('button', { name: 'Atrás' })).toBeNull();
  });

  it('enables Crear cuenta only for a strength-5 password that matches, with the meter and show/hide', async () => {
    await renderAt();
    fillToStep3();
    expect(registerButton().disabled).toBe(true);
    const meter = screen.getByRole('meter', { name: 'Seguridad de la contraseña' });
    expect(meter.getAttribute('aria-valuenow')).toBe('0');
    expect(meter.textContent).toContain('Ninguna');

    type('Contraseña', 'mudanza');
    expect(meter.getAttribute('aria-valuenow')).toBe('1');
    expect(meter.textContent).toContain('Débil');
    type('Contraseña', 'Mudanza2026');
    expect(meter.getAttribute('aria-valuenow')).toBe('4');
    expect(meter.textContent).toContain('Buena');
    type('Confirmar contraseña', 'Mudanza2026');
    expect(registerButton().disabled).toBe(true);

    type('Contraseña', 'Mudanza#2026');
    expect(meter.getAttribute('aria-valuenow')).toBe('5');
    expect(meter.textContent).toContain('Fuerte');
    expect(registerButton().disabled).toBe(true);
    fireEvent.blur(field('Confirmar contraseña'));
    expect(screen.getByText(MESSAGES.passwordMismatch)).toBeTruthy();
    type('Confirmar contraseña', 'Mudanza#2026');
    expect(registerButton().disabled).toBe(false);

    expect(field('Contraseña').type).toBe('password');
    fireEvent.click(screen.getAllByRole('button', { name: 'Mostrar contraseña' })[0]!);
    expect(field('Contraseña').type).toBe('text');
  });

  it('requires the unticked consent box: submitting without it shows the form message and sends nothing', async () => {
    const fetchMock = mockFetch({});
    await renderAt();
    fillToStep3();
    fillSecurity();
    const consent = screen.getByRole('checkbox', { name: /condiciones de uso/ }) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    expect(
      within(consent.parentElement!).getByRole('link', { name: 'política de privacidad' }).getAttribute('href'),
    ).toBe('/politica-privacidad');
    fireEvent.click(registerButton());
    expect(screen.getByRole('alert').textContent).toContain('Por favor completa todos los campos correctamente');
    expect(screen.getByText('Debes aceptar las condiciones de uso y la política de privacidad')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the code of the friend's link the visitor came through", async () => {
    rememberReferral('?ref=7kq2m9xa');
    const user = makeUser({ role: 'cliente', id: 'c-2', email: 'lucia@ejemplo.es', isUserEmailConfirmed: false });
    const fetchMock = mockFetch({
      'POST /api/register': () => jsonResponse({ success: true, user, expira_en: 300, reenviar_en: 60 }, 201),
    });
    const router = await renderAt();
    fillToStep3();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    fireEvent.click(registerButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/confirmar-email'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ referralCode: '7KQ2M9XA' });
  });

  it('registers, logs the user in, keeps the details for confirmation and opens /confirmar-email', async () => {
    const user = makeUser({ role: 'cliente', id: 'c-1', email: 'lucia@ejemplo.es', isUserEmailConfirmed: false });
    const fetchMock = mockFetch({
      'POST /api/register': () => jsonResponse({ success: true, user, expira_en: 300, reenviar_en: 60 }, 201),
    });
    const router = await renderAt();
    fillToStep3();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    const before = Date.now();
    fireEvent.click(registerButton());

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/confirmar-email'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      fullName: 'Lucía Fernández',
      email: 'lucia@ejemplo.es',
      password: 'Mudanza#2026',
      phone: '612 345 678',
      address: 'Calle de Serrano 45, Madrid',
      city: '',
      postalCode: '',
      acceptTerms: true,
      referralCode: '',
    });
    expect(useAuthStore.getState().user).toEqual(user);
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY)!)).toEqual(user);
    const held = useRegistrationStore.getState();
    expect(held).toMatchObject({
      email: 'lucia@ejemplo.es',
      fullName: 'Lucía Fernández',
      phone: '612 345 678',
      address: 'Calle de Serrano 45, Madrid',
    });
    expect(held.codeExpiresAt! - before).toBeGreaterThanOrEqual(300_000);
    expect(held.codeExpiresAt! - Date.now()).toBeLessThanOrEqual(300_000);
    expect(held.resendAvailableAt! - Date.now()).toBeLessThanOrEqual(60_000);
    // Persisted for a reload of /confirmar-email.
    expect(JSON.parse(sessionStorage.getItem(REGISTRATION_STORAGE_KEY)!).state.email).toBe('lucia@ejemplo.es');
    expect(await screen.findByRole('heading', { name: 'Confirma tu email' })).toBeTruthy();
  });

  it('sends the city and postal code shown in their fields', async () => {
    const user = makeUser({ role: 'cliente', id: 'c-1', email: 'lucia@ejemplo.es', isUserEmailConfirmed: false });
    const fetchMock = mockFetch({
      'POST /api/register': () => jsonResponse({ success: true, user, expira_en: 300, reenviar_en: 60 }, 201),
    });
    const router = await renderAt();
    type('Nombre completo', 'Lucía Fernández');
    next();
    type('Email', 'lucia@ejemplo.es');
    type('Teléfono', '612345678');
    type('Dirección', 'Avenida de Europa 9, 28224 Pozuelo');
    type('Ciudad', 'Pozuelo de Alarcón');
    next();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    fireEvent.click(registerButton());
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/confirmar-email'));
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({
      address: 'Avenida de Europa 9, 28224 Pozuelo',
      city: 'Pozuelo de Alarcón',
      postalCode: '28224',
    });
  });

  it('shows the 409 message in a toast that can be closed', async () => {
    mockFetch({
      'POST /api/register': () => jsonResponse({ success: false, error: 'Este email ya está registrado' }, 409),
    });
    const router = await renderAt();
    fillToStep3();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    fireEvent.click(registerButton());
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toBe('Este email ya está registrado. Intenta con otro email.');
    expect(router.state.location.pathname).toBe('/registro');
    expect(useAuthStore.getState().user).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByRole('alert')).toBeNull();
    // The form is usable again.
    expect(registerButton().disabled).toBe(false);
  });

  it('hides the toast by itself after 5 s', async () => {
    mockFetch({
      'POST /api/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await renderAt();
    vi.useFakeTimers();
    fillToStep3();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    fireEvent.click(registerButton());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toBe(
      'No se pudo conectar al servidor. Verifica tu conexión a internet.',
    );
    act(() => vi.advanceTimersByTime(4900));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("prefers the server's message on a 400", async () => {
    mockFetch({
      'POST /api/register': () =>
        jsonResponse({ success: false, error: 'La dirección debe tener al menos 10 caracteres' }, 400),
    });
    await renderAt();
    fillToStep3();
    fillSecurity();
    fireEvent.click(screen.getByRole('checkbox', { name: /condiciones de uso/ }));
    fireEvent.click(registerButton());
    expect((await screen.findByRole('alert')).textContent).toBe('La dirección debe tener al menos 10 caracteres');
  });

  it('shows the registration-success message instead of the form when already logged in', async () => {
    useAuthStore.setState({
      checking: false,
      user: makeUser({ role: 'cliente', id: 'c-9', email: 'ana@ejemplo.es', isUserEmailConfirmed: false }),
    });
    await renderAt();
    expect(screen.getByRole('heading', { level: 1, name: '¡Registro completado exitosamente!' })).toBeTruthy();
    expect(screen.queryByLabelText('Nombre completo')).toBeNull();
    expect(screen.getByRole('link', { name: 'Confirmar mi email' }).getAttribute('href')).toBe('/confirmar-email');
    expect(screen.getByRole('link', { name: 'Ir a mi área de cliente' }).getAttribute('href')).toBe('/cliente/c-9');
  });

  it('offers no confirmation link to a confirmed user', async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'cliente', id: 'c-9' }) });
    await renderAt();
    expect(screen.getByRole('heading', { name: '¡Registro completado exitosamente!' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Confirmar mi email' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir a mi área de cliente' })).toBeTruthy();
  });
});

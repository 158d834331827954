import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileRequest, User } from '../../lib/api';
import { USER_DATA_KEY } from '../../lib/userData';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { useRegistrationStore } from '../../lib/useRegistrationStore';
import { ProfileTab } from './ProfileTab';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert, reloadPage } = await import('../../lib/browser');

function client(overrides: Partial<User> = {}): User {
  return makeUser({
    id: 'c-1',
    role: 'cliente',
    nombre: 'Marta Sánchez López',
    email: 'marta@mudanzas.test',
    telefono: '612 345 678',
    direccion: 'Calle de Alcalá 120, 3ºB',
    ciudad: 'Madrid',
    codigo_postal: '28009',
    preferencias: { emailNotifications: false, smsNotifications: false, marketing: false },
    ...overrides,
  });
}

// The page passes the store's user down; so does this harness, so a save shows at once.
function Harness() {
  const user = useAuthStore((s) => s.user);
  return user ? <ProfileTab user={user} /> : <p>Sin sesión</p>;
}

function renderTab() {
  const router = createMemoryRouter(
    [
      { path: '/cliente/:id', element: <Harness /> },
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/confirmar-email', element: <h1>Confirmar email</h1> },
    ],
    { initialEntries: ['/cliente/c-1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Mocks PUT /api/mi-perfil, answering with the user as the server would store it. */
function mockProfileSave(status = 200, error?: string) {
  const sent: ProfileRequest[] = [];
  const fetchMock = mockFetch({
    'PUT /api/mi-perfil': (init) => {
      const body = JSON.parse(String(init?.body)) as ProfileRequest;
      sent.push(body);
      if (status !== 200) return jsonResponse({ success: false, error }, status);
      return jsonResponse({
        success: true,
        user: client({
          nombre: `${body.nombre} ${body.apellido}`.trim(),
          telefono: body.telefono,
          direccion: body.direccion,
          ciudad: body.ciudad,
          codigo_postal: body.codigo_postal,
          nif: body.nif,
          preferencias: {
            emailNotifications: body.email_alerts,
            smsNotifications: body.sms_alerts,
            marketing: body.marketing,
          },
        }),
      });
    },
  });
  return { sent, fetchMock };
}

const field = (name: string) => screen.getByLabelText(name, { exact: true }) as HTMLInputElement;
const datum = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ProfileTab', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: client() });
    vi.mocked(showAlert).mockClear();
    vi.mocked(reloadPage).mockClear();
  });

  it('shows the profile with the full name split on the first space', () => {
    renderTab();
    expect(datum('Nombre')).toBe('Marta');
    expect(datum('Apellidos')).toBe('Sánchez López');
    expect(datum('Email')).toBe('marta@mudanzas.test');
    expect(datum('Código postal')).toBe('28009');
    expect(screen.getAllByText('Desactivadas')).toHaveLength(3);
  });

  it('edits into a form with the email read-only', () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(field('Nombre').value).toBe('Marta');
    expect(field('Apellidos').value).toBe('Sánchez López');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Email').value).toBe('marta@mudanzas.test');
    expect(screen.getAllByRole('switch')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('button', { name: 'Editar perfil' })).toBeTruthy();
  });

  it.each([
    ['Notificaciones por email', { email_alerts: true, sms_alerts: false, marketing: false }],
    ['Notificaciones por SMS', { email_alerts: false, sms_alerts: true, marketing: false }],
    ['Comunicaciones comerciales', { email_alerts: false, sms_alerts: false, marketing: true }],
  ] as const)('sends the toggle "%s" as its own field', async (label, expected) => {
    const { sent } = mockProfileSave();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    const toggle = screen.getByRole('switch', { name: label }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect({
      email_alerts: sent[0]!.email_alerts,
      sms_alerts: sent[0]!.sms_alerts,
      marketing: sent[0]!.marketing,
    }).toEqual(expected);
  });

  it('saves the edited fields, updates the stored user and says so', async () => {
    const { sent, fetchMock } = mockProfileSave();
    useAuthStore
      .getState()
      .setUser(client({ preferencias: { emailNotifications: true, smsNotifications: false, marketing: false } }));
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    fireEvent.change(field('Teléfono'), { target: { value: '699123456' } });
    expect(field('Teléfono').value).toBe('699 123 456');
    fireEvent.change(field('Ciudad'), { target: { value: ' Getafe ' } });
    fireEvent.change(field('Código postal'), { target: { value: '28901' } });
    fireEvent.change(field('NIF/DNI'), { target: { value: ' 12.345.678-z' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Notificaciones por SMS' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Perfil actualizado correctamente'));
    // Said on the page, not in a browser dialog that has to be dismissed.
    expect(showAlert).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(sent[0]).toEqual({
      nombre: 'Marta',
      apellido: 'Sánchez López',
      telefono: '699 123 456',
      direccion: 'Calle de Alcalá 120, 3ºB',
      ciudad: 'Getafe',
      codigo_postal: '28901',
      nif: '12345678Z',
      email_alerts: true,
      sms_alerts: true,
      marketing: false,
    });
    // Back in view mode with the server's copy, which is also the stored one.
    expect(datum('Ciudad')).toBe('Getafe');
    expect(datum('Teléfono')).toBe('699 123 456');
    expect(useAuthStore.getState().user?.preferencias).toEqual({
      emailNotifications: true,
      smsNotifications: true,
      marketing: false,
    });
    expect(JSON.parse(localStorage.getItem(USER_DATA_KEY) ?? '{}').ciudad).toBe('Getafe');
  });

  it('shows the saved message until the next edit', async () => {
    mockProfileSave();
    renderTab();
    expect(screen.getByRole('status').textContent).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Perfil actualizado correctamente'));

    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    expect(screen.getByRole('status').textContent).toBe('');
    // Cancelling an edit saves nothing, so it says nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('does not send a form with a wrong postal code or phone, and says why', () => {
    const { sent } = mockProfileSave();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    fireEvent.change(field('Código postal'), { target: { value: '280' } });
    fireEvent.change(field('Teléfono'), { target: { value: '512' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(screen.getByText('Ingresa un código postal válido')).toBeTruthy();
    expect(screen.getByText('Ingresa un número de teléfono válido')).toBeTruthy();
    expect(field('Código postal').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Teléfono'));
    expect(sent).toHaveLength(0);
  });

  it('shows the server error, or "Error desconocido"', async () => {
    mockProfileSave(400, 'El teléfono no es válido');
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(showAlert).toHaveBeenCalledWith('Error al actualizar el perfil: El teléfono no es válido'),
    );
    expect(screen.getByRole('status').textContent).toBe('');
    // The form stays open with what was typed.
    expect(screen.getByRole('button', { name: 'Guardar cambios' })).toBeTruthy();

    vi.mocked(showAlert).mockClear();
    mockFetch({ 'PUT /api/mi-perfil': () => new Response('boom', { status: 500 }) });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Error al actualizar el perfil: Error desconocido'));
  });

  it('reports a network failure', async () => {
    mockFetch({
      'PUT /api/mi-perfil': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Editar perfil' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Error de conexión. Por favor, inténtalo de nuevo.'));
  });

  it('offers "Verificar email" only while the email is unconfirmed', () => {
    renderTab();
    expect(screen.queryByRole('button', { name: 'Verificar email' })).toBeNull();
    expect(screen.getByText('Email confirmado')).toBeTruthy();
  });

  describe('"Verificar email"', () => {
    beforeEach(() => {
      useAuthStore.setState({ user: client({ isUserEmailConfirmed: false }) });
      useRegistrationStore.getState().clear();
    });

    it('asks for a new code, then opens the confirmation page for this email with its timers', async () => {
      const sent: unknown[] = [];
      mockFetch({
        'POST /api/resend-code': (init) => {
          sent.push(JSON.parse(String(init?.body)));
          return jsonResponse({ success: true, expira_en: 300, reenviar_en: 60 });
        },
      });
      const router = renderTab();
      expect(screen.getByText('Email sin confirmar')).toBeTruthy();
      const before = Date.now();
      fireEvent.click(screen.getByRole('button', { name: 'Verificar email' }));
      await screen.findByRole('heading', { name: 'Confirmar email' });
      expect(router.state.location.pathname).toBe('/confirmar-email');
      expect(sent).toEqual([{ email: 'marta@mudanzas.test' }]);
      // What the confirmation page reads: the email and when the code just sent expires.
      const held = useRegistrationStore.getState();
      expect(held.email).toBe('marta@mudanzas.test');
      expect(held.codeExpiresAt).toBeGreaterThanOrEqual(before + 300_000);
      expect(held.resendAvailableAt).toBeGreaterThanOrEqual(before + 60_000);
    });

    it("shows the server's 429 message and stays on the profile", async () => {
      mockFetch({
        'POST /api/resend-code': () =>
          jsonResponse(
            { success: false, error: 'Espera 42 segundos antes de pedir otro código.', reenviar_en: 42 },
            429,
          ),
      });
      const router = renderTab();
      fireEvent.click(screen.getByRole('button', { name: 'Verificar email' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toBe('Espera 42 segundos antes de pedir otro código.');
      expect(router.state.location.pathname).toBe('/cliente/c-1');
      const button = screen.getByRole('button', { name: 'Verificar email' }) as HTMLButtonElement;
      expect(button.disabled).toBe(false);
      expect(button.getAttribute('aria-describedby')).toBe(alert.id);
      expect(useRegistrationStore.getState().email).toBe('');
    });

    it('says so when the code cannot be asked for at all', async () => {
      mockFetch({
        'POST /api/resend-code': () => {
          throw new TypeError('Failed to fetch');
        },
      });
      const router = renderTab();
      fireEvent.click(screen.getByRole('button', { name: 'Verificar email' }));
      expect((await screen.findByRole('alert')).textContent).toBe('Error de conexión. Por favor, inténtalo de nuevo.');
      expect(router.state.location.pathname).toBe('/cliente/c-1');

      mockFetch({ 'POST /api/resend-code': () => new Response('boom', { status: 500 }) });
      fireEvent.click(screen.getByRole('button', { name: 'Verificar email' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error al reenviar el código'));
    });
  });

  it('logs out', async () => {
    mockFetch({ 'POST /api/logout': () => jsonResponse({ success: true }) });
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('offers the client their data as a file from the server', () => {
    renderTab();
    const link = screen.getByRole('link', { name: 'Descargar mis datos' });
    expect(link.getAttribute('href')).toBe('/api/mis-datos');
    expect(link.getAttribute('download')).toBe('mis-datos.json');
  });

  it('opens the password and deletion dialogs', () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
    const dialog = screen.getByRole('dialog', { name: 'Cambiar contraseña' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar cuenta' }));
    expect(screen.getByRole('dialog', { name: 'Eliminar cuenta' })).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RouteGuard } from '../../../components/RouteGuard';
import type { BookingMove, Role } from '../../../lib/api';
import { FakeWebSocket } from '../../../test/fakeWebSocket';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { useAuthStore } from '../../../lib/useAuthStore';
import { resetLive } from '../../../lib/useLiveStore';
import { BOOKING_MESSAGES } from './booking';
import { ConfirmMovePage } from './ConfirmMovePage';
import { MoveDetailsPage } from './MoveDetailsPage';
import { MoveFormPage } from './MoveFormPage';
import { bookingAnswer, makeBookingMove, TEST_CONDITIONS } from './testBooking';

const CLIENT_ID = 'c-1';
const GET = 'GET /api/mi-mudanza/12';

function renderAt(path: string, handlers: Parameters<typeof mockFetch>[0]) {
  const fetchMock = mockFetch(handlers);
  const guarded = (p: '/detalles-mudanza' | '/formulario-mudanza' | '/confirmar-mudanza', page: React.ReactNode) => ({
    path: p,
    element: <RouteGuard path={p}>{page}</RouteGuard>,
  });
  const router = createMemoryRouter(
    [
      guarded('/detalles-mudanza', <MoveDetailsPage />),
      guarded('/formulario-mudanza', <MoveFormPage />),
      guarded('/confirmar-mudanza', <ConfirmMovePage />),
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/cliente/:id', element: <h1>Panel del cliente</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, fetchMock };
}

/** The JSON body of the n-th call to fetch. */
function bodyOf(fetchMock: ReturnType<typeof mockFetch>, n: number): unknown {
  const init = fetchMock.mock.calls[n]?.[1];
  return JSON.parse(String(init?.body));
}

function callsTo(fetchMock: ReturnType<typeof mockFetch>, key: string): number {
  return fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key).length;
}

/** Intl writes a no-break space before '€'. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

function asRole(role: Role) {
  useAuthStore.setState({ checking: false, user: makeUser({ id: CLIENT_ID, role }) });
}

beforeEach(() => {
  FakeWebSocket.install();
  asRole('cliente');
});

afterEach(() => {
  resetLive();
});

describe('guard', () => {
  it.each(['/detalles-mudanza?id=12', '/formulario-mudanza?id=12', '/confirmar-mudanza?id=12'])(
    'sends staff and anonymous visitors of %s home',
    async (path) => {
      for (const role of ['empresario', 'empleado', null] as const) {
        if (role) asRole(role);
        else useAuthStore.setState({ checking: false, user: null });
        const { router, fetchMock } = renderAt(path, {});
        expect(await screen.findByRole('heading', { name: 'Inicio' })).toBeTruthy();
        expect(router.state.location.pathname).toBe('/');
        expect(fetchMock).not.toHaveBeenCalled();
        router.dispose();
        cleanup();
      }
    },
  );
});

describe('MoveDetailsPage', () => {
  it('shows addresses, date, contact, objects, services, the itemised price and the history in Spanish', async () => {
    const move = makeBookingMove({
      historial: [
        { status: 'pending', anterior: null, fecha: '2099-05-01T08:00:00Z', por: 'empresa' },
        { status: 'confirmed', anterior: 'pending', fecha: '2099-05-02T09:30:00Z', por: 'cliente' },
      ],
    });
    renderAt('/detalles-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer(move)) });

    expect(screen.getByRole('heading', { level: 1, name: /Mudanza #12/ })).toBeTruthy();
    const route = await screen.findByRole('region', { name: 'Recorrido' });
    expect(within(route).getByText('Calle de Alcalá 120, 28009 Madrid')).toBeTruthy();
    expect(within(route).getByText('Piso de 2 habitaciones')).toBeTruthy();
    expect(within(route).getByText('4.º')).toBeTruthy();
    // The house has no floor nor elevator line (§4).
    expect(within(route).getAllByText('Planta')).toHaveLength(1);
    expect(
      within(screen.getByRole('region', { name: 'Fecha y horario' })).getByText('Mañana (8:00-12:00)'),
    ).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Objetos' })).getByText('×12')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Servicios' })).getByText('Desmontaje y montaje de muebles (2)'),
    ).toBeTruthy();

    const price = screen.getByRole('region', { name: 'Precio' });
    const line = (label: string) =>
      plain(within(price).getByText(label).closest('div')?.querySelector('dd')?.textContent);
    expect(line('Precio base')).toBe('250,00 €');
    expect(line('IVA (21 %)')).toBe('78,96 €');
    expect(line('Total')).toBe('454,96 €');
    expect(line('Pagado')).toBe('100,00 €');
    expect(line('Pendiente de pago')).toBe('354,96 €');
    expect(within(price).getByText('Pago parcial')).toBeTruthy();

    const history = within(screen.getByRole('region', { name: 'Historial de estados' })).getAllByRole('listitem');
    expect(history.map((li) => li.querySelector('.booking-timeline__status')?.textContent)).toEqual([
      'Pendiente',
      'Confirmada',
    ]);
    expect(history[0]!.textContent).toContain('Mudanza registrada');
    expect(history[0]!.textContent).toContain('Por Mudanzas');
    expect(history[1]!.textContent).toContain('Antes: Pendiente');
    expect(history[1]!.textContent).toContain('Por ti');
  });

  it('offers a pending move the way to complete its details and to confirm it', async () => {
    renderAt('/detalles-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer()) });
    const next = await screen.findByRole('region', { name: 'Tu mudanza está pendiente de confirmar' });
    expect(within(next).getByRole('link', { name: 'Completar datos' }).getAttribute('href')).toBe(
      '/formulario-mudanza?id=12',
    );
    expect(within(next).getByRole('link', { name: 'Confirmar reserva' }).getAttribute('href')).toBe(
      '/confirmar-mudanza?id=12',
    );
    expect(screen.getByRole('link', { name: 'Volver a mis mudanzas' }).getAttribute('href')).toBe(
      `/cliente/${CLIENT_ID}`,
    );
  });

  it('says a move it cannot find is not among the client’s, without asking the server for a bad id', async () => {
    renderAt('/detalles-mudanza?id=99', {
      'GET /api/mi-mudanza/99': () => jsonResponse({ success: false, error: 'Mudanza no encontrada' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'No hemos encontrado esta mudanza' })).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.notFound)).toBeTruthy();

    const { fetchMock } = renderAt('/detalles-mudanza?id=abc', {});
    expect((await screen.findAllByRole('heading', { name: 'No hemos encontrado esta mudanza' })).length).toBe(2);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads the move again when the live feed reports a change to it', async () => {
    let answer = bookingAnswer();
    const { fetchMock } = renderAt('/detalles-mudanza?id=12', { [GET]: () => jsonResponse(answer) });
    await screen.findByRole('region', { name: 'Tu mudanza está pendiente de confirmar' });
    const ws = FakeWebSocket.last();
    await act(async () => ws.receive({ type: 'hello', position: 5, role: 'cliente' }));
    const before = callsTo(fetchMock, GET);

    answer = bookingAnswer(makeBookingMove({ status: 'in_progress', puede_completar: false, puede_confirmar: false }));
    await act(async () =>
      ws.receive({ type: 'change', position: 6, kind: 'move', id: '12', data: { id: 12, status: 'in_progress' } }),
    );
    await screen.findByText('En Progreso');
    expect(callsTo(fetchMock, GET)).toBe(before + 1);
    expect(screen.queryByRole('region', { name: 'Tu mudanza está pendiente de confirmar' })).toBeNull();

    // Another move's change is not this page's business.
    await act(async () => ws.receive({ type: 'change', position: 7, kind: 'move', id: '13', data: { id: 13 } }));
    expect(callsTo(fetchMock, GET)).toBe(before + 1);
  });
});

describe('MoveFormPage', () => {
  const POST = 'POST /api/mi-mudanza/12/detalles';

  // Issue 17, item 5: the price depends on floors, elevator and access; the client confirms them
  // here and asks us for a change, which we reprice.
  it('starts from the move and shows floors, elevator and access without letting them change', async () => {
    renderAt('/formulario-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer()) });
    expect(((await screen.findByLabelText('Nombre y apellidos')) as HTMLInputElement).value).toBe('Marta Sánchez');
    const places = within(screen.getByRole('region', { name: 'Acceso a las viviendas' }));
    expect(places.getByText('4.º')).toBeTruthy();
    expect(places.getByText('Sí')).toBeTruthy();
    for (const label of ['Planta (origen)', 'Hay ascensor (origen)', 'Acceso (origen)', 'Acceso (destino)']) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.getByTestId('precio-fijo').textContent).toContain('forman parte del precio');
  });

  it('shows each rule broken by its field, focuses the first and sends nothing', async () => {
    const { fetchMock } = renderAt('/formulario-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer()) });
    const name = await screen.findByLabelText('Nombre y apellidos');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Teléfono de contacto'), { target: { value: '512' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Email' }));
    fireEvent.change(screen.getByLabelText('Email (opcional)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));

    expect(screen.getByText(BOOKING_MESSAGES.contactNameRequired)).toBeTruthy();
    expect(screen.getByText('Ingresa un número de teléfono válido')).toBeTruthy();
    expect(screen.getByText(BOOKING_MESSAGES.contactEmailRequired)).toBeTruthy();
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, POST)).toBe(0);
  });

  it('sends the completed details and goes to the details page with a confirmation', async () => {
    const { fetchMock, router } = renderAt('/formulario-mudanza?id=12', {
      [GET]: () => jsonResponse(bookingAnswer()),
      [POST]: () => jsonResponse(bookingAnswer(makeBookingMove({ detalles_completados: '2099-05-03T10:00:00Z' }), 42)),
    });
    fireEvent.change(await screen.findByLabelText('Nombre y apellidos'), { target: { value: 'Luis Sánchez' } });
    fireEvent.change(screen.getByLabelText('Teléfono de contacto'), { target: { value: '655443322' } });
    expect((screen.getByLabelText('Teléfono de contacto') as HTMLInputElement).value).toBe('655 443 322');
    fireEvent.click(screen.getByRole('radio', { name: 'WhatsApp' }));
    fireEvent.change(screen.getByLabelText('Fecha alternativa (opcional)'), { target: { value: '2099-06-20' } });
    fireEvent.click(screen.getByLabelText('Mis fechas son flexibles'));
    fireEvent.click(screen.getByRole('radio', { name: 'Tarde (12:00-17:00)' }));
    fireEvent.change(screen.getByLabelText('Indicaciones para el equipo (opcional)'), {
      target: { value: ' Zona de carga en la esquina ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));

    expect(await screen.findByText(BOOKING_MESSAGES.saved)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/detalles-mudanza');
    const post = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(bodyOf(fetchMock, post)).toEqual({
      contacto_nombre: 'Luis Sánchez',
      contacto_telefono: '655 443 322',
      contacto_email: 'cliente@mudanzas.test',
      contacto_preferencia: 'whatsapp',
      fecha_alternativa: '2099-06-20',
      flexible: true,
      hora_preferida: 'afternoon',
      property_details: {
        origin: { access: 'normal', floor: 'fourth', elevator: true },
        destination: { access: 'normal', floor: 'ground', elevator: false },
      },
      instrucciones: 'Zona de carga en la esquina',
      facturacion: { nif: '', direccion: '' },
    });
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    renderAt('/formulario-mudanza?id=12', {
      [GET]: () => jsonResponse(bookingAnswer()),
      [POST]: () =>
        jsonResponse(
          {
            success: false,
            error: 'Solo se pueden completar los datos de una mudanza pendiente; esta mudanza está «Confirmada».',
          },
          409,
        ),
    });
    fireEvent.change(await screen.findByLabelText('Nombre y apellidos'), { target: { value: 'Luis Sánchez' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar datos' }));
    expect((await screen.findByRole('alert')).textContent).toContain('«Confirmada»');
    expect((screen.getByLabelText('Nombre y apellidos') as HTMLInputElement).value).toBe('Luis Sánchez');
  });

  it('does not offer the form for a move that is no longer pending', async () => {
    const move = makeBookingMove({ status: 'confirmed', puede_completar: false, puede_confirmar: false });
    renderAt('/formulario-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer(move)) });
    expect(await screen.findByText('Esta mudanza ya no admite cambios desde la web')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar datos' })).toBeNull();
  });
});

describe('ConfirmMovePage', () => {
  const POST = 'POST /api/mi-mudanza/12/confirmar';

  it('shows the price, the §9 conditions and what cancelling would cost', async () => {
    renderAt('/confirmar-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer()) });
    const conditions = await screen.findByRole('region', { name: 'Condiciones de reserva' });
    for (const c of TEST_CONDITIONS.apartados)
      expect(within(conditions).getByText(c.texto, { exact: false })).toBeTruthy();
    const rows = within(within(conditions).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => plain(r.textContent))).toEqual([
      'Más de 48 horas antesGratis',
      'Entre 24 y 48 horas antes25 % · 113,74 €',
      'Menos de 24 horas antes50 % · 227,48 €',
    ]);
    expect(screen.getByText('Versión de las condiciones: 2026-11')).toBeTruthy();
    expect(screen.getByLabelText('He leído y acepto el precio de 454,96 € y las condiciones de reserva.')).toBeTruthy();
  });

  it('asks for the tick before sending anything', async () => {
    const { fetchMock } = renderAt('/confirmar-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer()) });
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar y reservar' }));
    expect(screen.getByText(BOOKING_MESSAGES.conditionsRequired)).toBeTruthy();
    const checkbox = screen.getByRole('checkbox');
    expect(document.activeElement).toBe(checkbox);
    expect(checkbox.getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, POST)).toBe(0);
  });

  it('books the move with the price and conditions shown, and says so', async () => {
    const booked: BookingMove = makeBookingMove({
      status: 'confirmed',
      puede_completar: false,
      puede_confirmar: false,
      reserva: { aceptada_en: '2099-05-03T10:00:00Z', total: 454.96, condiciones_version: '2026-11' },
    });
    const { fetchMock } = renderAt('/confirmar-mudanza?id=12', {
      [GET]: () => jsonResponse(bookingAnswer()),
      [POST]: () => jsonResponse(bookingAnswer(booked, 50)),
    });
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y reservar' }));
    const done = await screen.findByRole('heading', { name: '¡Reserva confirmada!' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    const post = fetchMock.mock.calls.findIndex(([, init]) => init?.method === 'POST');
    expect(bodyOf(fetchMock, post)).toEqual({
      acepto_condiciones: true,
      condiciones_version: '2026-11',
      total: 454.96,
    });
    expect(screen.getByRole('link', { name: 'Ver detalles de la mudanza' }).getAttribute('href')).toBe(
      '/detalles-mudanza?id=12',
    );
  });

  it('shows a changed price, reloads it and asks for the tick again', async () => {
    let answer = bookingAnswer();
    renderAt('/confirmar-mudanza?id=12', {
      [GET]: () => jsonResponse(answer),
      [POST]: () => {
        answer = bookingAnswer(makeBookingMove({ precio: { ...makeBookingMove().precio, total: 500 } }));
        return jsonResponse(
          { success: false, error: 'El precio de la mudanza ha cambiado. Revísalo y vuelve a confirmar.' },
          409,
        );
      },
    });
    fireEvent.click(await screen.findByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar y reservar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'El precio de la mudanza ha cambiado. Revísalo y vuelve a confirmar.',
    );
    expect(
      await screen.findByLabelText('He leído y acepto el precio de 500,00 € y las condiciones de reserva.'),
    ).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it('tells a visitor of a move already booked that it is confirmed', async () => {
    const booked = makeBookingMove({
      status: 'confirmed',
      puede_completar: false,
      puede_confirmar: false,
      reserva: { aceptada_en: '2099-05-03T10:00:00Z', total: 454.96, condiciones_version: '2026-11' },
    });
    renderAt('/confirmar-mudanza?id=12', { [GET]: () => jsonResponse(bookingAnswer(booked)) });
    expect(await screen.findByRole('heading', { name: '¡Reserva confirmada!' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirmar y reservar' })).toBeNull();
  });
});

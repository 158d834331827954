import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuoteInboxEntry, StaffMove } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeMove, makeUser, mockFetch } from '../../test/fixtures';
import { serveMoveWindow } from '../../test/moveWindowServer';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { ManagerDashboardPage } from './ManagerDashboardPage';
import { makeQuote } from './testQuotes';
import { cancelStatsRefresh, useManagerStore } from './useManagerStore';
import { useManagerWindow } from './useManagerWindow';
import { resetQuotesStore } from './useQuotesStore';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('../../lib/browser');

type Handlers = Parameters<typeof mockFetch>[0];

function handlers(quotes: QuoteInboxEntry[], extra: Handlers = {}): Handlers {
  return {
    'GET /api/mudanzas*': serveMoveWindow(() => [
      makeMove({ id: 1, precio_total: 100, fecha_programada: '2099-01-01' }),
    ]),
    'GET /api/trabajadores': () => jsonResponse({ success: true, trabajadores: [] }),
    'GET /api/datos-de-empresa': () =>
      jsonResponse({
        success: true,
        mudanzas_totales: 1,
        ganancias_totales: 0,
        trabajadores_activos: 2,
        nivel_de_satisfaccion: null,
      }),
    'GET /api/analiticas?periodo=dia': () => jsonResponse({ success: true, periodo: 'dia', series: [] }),
    'GET /api/presupuestos': () => jsonResponse({ success: true, presupuestos: quotes }),
    'GET /api/mensajes-contacto': () => jsonResponse({ success: true, mensajes: [] }),
    'GET /api/candidaturas': () => jsonResponse({ success: true, candidaturas: [] }),
    'GET /api/trabajadores?fecha=2099-01-01': () => jsonResponse({ success: true, trabajadores: [] }),
    ...extra,
  };
}

async function renderPage(quotes: QuoteInboxEntry[], extra: Handlers = {}) {
  const fetchMock = mockFetch(handlers(quotes, extra));
  render(
    <MemoryRouter>
      <ManagerDashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('list', { name: 'Solicitudes' });
  return fetchMock;
}

const inbox = () => within(screen.getByRole('region', { name: 'Solicitudes de presupuesto' }));
const cards = () =>
  inbox()
    .queryAllByRole('listitem')
    .map((li) => li.getAttribute('aria-label'));
const card = (name: string) => within(inbox().getByRole('listitem', { name: `Solicitud de ${name}` }));
const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

describe('the quotes inbox on /gestion', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'empresario', nombre: 'Lucía Ortega' }) });
    useManagerStore.setState(useManagerStore.getInitialState());
    useManagerWindow.getState().reset();
    resetQuotesStore();
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    cancelStatsRefresh();
    resetLive();
  });

  it('lists the new requests with what the customer asked for', async () => {
    await renderPage([
      makeQuote({ id: 'q1', precio_estimado: 352.11, referencia: 'P-2026-000123' }),
      makeQuote({
        id: 'q2',
        estado: 'convertida',
        mudanza_id: 1,
        contact: { ...makeQuote({ id: 'x' }).contact, name: 'Ana Ruiz' },
      }),
    ]);
    expect(inbox().getByRole('heading', { name: 'Solicitudes de presupuesto' })).toBeTruthy();
    expect(inbox().getByRole('status').textContent).toBe('1 nueva');
    expect(cards()).toEqual(['Solicitud de Pablo Gil']);
    const pablo = card('Pablo Gil');
    expect(pablo.getByText('Nueva')).toBeTruthy();
    // The reference the customer's confirmation email gives them.
    expect(pablo.getByText('P-2026-000123').textContent).toBe('Referencia P-2026-000123');
    expect(pablo.getByRole('link', { name: 'pablo@correo.es' }).getAttribute('href')).toBe('mailto:pablo@correo.es');
    expect(pablo.getByRole('link', { name: '698 765 432' }).getAttribute('href')).toBe('tel:698765432');
    expect(pablo.getByText('Calle de Atocha 30, 28012 Madrid', { exact: false })).toBeTruthy();
    expect(pablo.getByText('Piso de 2 habitaciones · planta 3.º · con ascensor')).toBeTruthy();
    expect(pablo.getByText('34,2 km · 41 min')).toBeTruthy();
    expect(pablo.getByText('Sofá de 3 plazas ×1, Caja mediana ×12', { exact: false })).toBeTruthy();
    expect(pablo.getByText(/Desmontaje ×2, Limpieza/)).toBeTruthy();
    expect(pablo.getByText('«Portero automático 3ºB»')).toBeTruthy();
    expect(pablo.getByText(/352,11/).textContent?.replace(/\u00a0/g, ' ')).toBe('Precio estimado 352,11 €');
    expect(pablo.getByText(/prefiere WhatsApp/)).toBeTruthy();
    expect(pablo.getByText(/Mañana \(8:00-12:00\) · fechas flexibles/)).toBeTruthy();

    const filters = within(inbox().getByRole('group', { name: 'Filtrar solicitudes' }));
    fireEvent.click(filters.getByRole('button', { name: /Convertidas/ }));
    expect(cards()).toEqual(['Solicitud de Ana Ruiz']);
    expect(card('Ana Ruiz').getByText('Convertida')).toBeTruthy();
    expect(card('Ana Ruiz').queryByRole('button', { name: 'Crear mudanza' })).toBeNull();
    fireEvent.click(card('Ana Ruiz').getByRole('button', { name: 'Ver mudanza #1' }));
    expect(screen.getByRole('dialog', { name: 'Mudanza #1' })).toBeTruthy();
  });

  it("says who recommended us, when a request came through a client's link", async () => {
    await renderPage([
      makeQuote({ id: 'q1', recomendacion: '7KQ2M9XA', recomendado_por: 'Marta Sánchez' }),
      makeQuote({
        id: 'q2',
        recibida: '2099-01-01T08:00:00Z',
        contact: { name: 'Eva Gil', email: 'eva@correo.es', phone: '611 222 333', preferredContact: 'phone' },
        recomendacion: '22222222',
        recomendado_por: null,
      }),
      makeQuote({
        id: 'q3',
        recibida: '2099-01-01T07:00:00Z',
        contact: { name: 'Sin Enlace', email: 'sin@correo.es', phone: '611 222 333', preferredContact: 'phone' },
      }),
    ]);
    expect(card('Pablo Gil').getByText('Recomendado por Marta Sánchez')).toBeTruthy();
    // The referrer's account is gone.
    expect(card('Eva Gil').getByText('Recomendado por un cliente')).toBeTruthy();
    expect(card('Sin Enlace').queryByText(/Recomendado por/)).toBeNull();
  });

  it('reads who recommended a request the live feed brings', async () => {
    const referred = makeQuote({
      id: 'q9',
      recibida: '2099-02-02T09:00:00Z',
      contact: { name: 'Lucía Gómez', email: 'lucia@correo.es', phone: '611 222 333', preferredContact: 'phone' },
      recomendacion: '7KQ2M9XA',
    });
    const pablo = makeQuote({ id: 'q1' });
    let listed: QuoteInboxEntry[] = [pablo];
    const fetchMock = await renderPage([], {
      'GET /api/presupuestos': () => jsonResponse({ success: true, presupuestos: listed }),
    });
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 10, role: 'empresario' }));
    await waitFor(() => expect(calls(fetchMock, 'GET /api/presupuestos')).toHaveLength(2));
    listed = [{ ...referred, recomendado_por: 'Marta Sánchez' }, pablo];
    act(() => FakeWebSocket.last().receive({ type: 'change', position: 11, kind: 'quote', id: 'q9', data: referred }));
    expect(await card('Lucía Gómez').findByText('Recomendado por Marta Sánchez')).toBeTruthy();
    expect(calls(fetchMock, 'GET /api/presupuestos')).toHaveLength(3);
    expect(card('Pablo Gil').queryByText(/Recomendado por/)).toBeNull();
  });

  it('shows no reference for a request stored before references were given', async () => {
    await renderPage([makeQuote({ id: 'q1', referencia: null })]);
    expect(card('Pablo Gil').queryByText(/^Referencia/)).toBeNull();
    expect(card('Pablo Gil').queryByText(/P-\d{4}-/)).toBeNull();
  });

  it('shows a request whose requester was erased without their contact details', async () => {
    await renderPage([
      makeQuote({
        id: 'q3',
        datos_eliminados: true,
        contact: { name: '', email: '', phone: '', preferredContact: 'phone' },
      }),
    ]);
    expect(cards()).toEqual(['Solicitud de Datos eliminados']);
    const erased = card('Datos eliminados');
    expect(erased.getByText(/Los datos de contacto se eliminaron/)).toBeTruthy();
    expect(erased.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it('shows a request the moment the live feed brings it, without reloading', async () => {
    const fetchMock = await renderPage([makeQuote({ id: 'q1' })]);
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 10, role: 'empresario' }));
    await waitFor(() => expect(calls(fetchMock, 'GET /api/presupuestos')).toHaveLength(2));

    const lucia = makeQuote({
      id: 'q9',
      recibida: '2099-02-02T09:00:00Z',
      contact: { name: 'Lucía Gómez', email: 'lucia@correo.es', phone: '611 222 333', preferredContact: 'phone' },
    });
    act(() => FakeWebSocket.last().receive({ type: 'change', position: 11, kind: 'quote', id: 'q9', data: lucia }));
    expect(cards()).toEqual(['Solicitud de Lucía Gómez', 'Solicitud de Pablo Gil']);
    expect(inbox().getByRole('status').textContent).toBe('2 nuevas');

    // Someone else converts Pablo's: it leaves the new ones.
    act(() =>
      FakeWebSocket.last().receive({
        type: 'change',
        position: 12,
        kind: 'quote',
        id: 'q1',
        data: makeQuote({ id: 'q1', estado: 'convertida', mudanza_id: 1, version: 2 }),
      }),
    );
    expect(cards()).toEqual(['Solicitud de Lucía Gómez']);
    expect(calls(fetchMock, 'GET /api/presupuestos')).toHaveLength(2);
    // A move's change is not a quote.
    expect(screen.queryByRole('article', { name: 'Mudanza q9' })).toBeNull();
  });

  it('opens the 9-step wizard filled from the request and creates the move with presupuesto_id', async () => {
    const created: StaffMove = makeMove({ id: 77, cliente_email: 'pablo@correo.es', fecha_programada: '2099-03-10' });
    const fetchMock = await renderPage([makeQuote({ id: 'q1', referencia: 'P-2026-000042' })], {
      'POST /api/crear-mudanza': () => jsonResponse({ success: true, mudanza_id: 77, mudanza: created }),
    });
    fireEvent.click(card('Pablo Gil').getByRole('button', { name: 'Crear mudanza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nueva mudanza' }));
    expect(dialog.getByText(/Rellenado con la solicitud de presupuesto P-2026-000042 de Pablo Gil/)).toBeTruthy();
    const next = () => fireEvent.click(dialog.getByRole('button', { name: 'Siguiente' }));
    const value = (label: string) => (dialog.getByLabelText(label) as HTMLInputElement).value;

    expect(value('Email del cliente')).toBe('pablo@correo.es');
    next();
    expect(value('Dirección de origen')).toBe('Calle de Atocha 30, 28012 Madrid');
    expect(value('Dirección de destino')).toBe('Calle Mayor 2, 28801 Alcalá de Henares');
    next();
    expect(value('Tipo de vivienda (origen)')).toBe('apartment_2_rooms');
    expect(value('Planta (origen)')).toBe('third');
    expect((dialog.getByLabelText('Hay ascensor (origen)') as HTMLInputElement).checked).toBe(true);
    expect(value('Tipo de vivienda (destino)')).toBe('house_2_rooms');
    next();
    expect(dialog.getByText('13 objetos · 151 kg')).toBeTruthy();
    expect(value('Cantidad de Caja mediana')).toBe('12');
    next();
    expect((dialog.getByLabelText('Desmontaje de muebles') as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText('Limpieza') as HTMLInputElement).checked).toBe(true);
    expect(value('Instrucciones especiales')).toBe('Portero automático 3ºB');
    next();
    expect(value('Fecha preferida')).toBe('2099-03-10');
    expect((dialog.getByLabelText('Mañana (8:00-12:00)') as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText('Fechas flexibles') as HTMLInputElement).checked).toBe(true);
    next();
    expect(value('Nombre de contacto')).toBe('Pablo Gil');
    expect(value('Teléfono de contacto')).toBe('698 765 432');
    expect((dialog.getByLabelText('WhatsApp') as HTMLInputElement).checked).toBe(true);
    next();
    // The server has no estimate for this one: the manager prices it.
    next();
    expect(dialog.getByRole('alert').textContent).toBe('El precio total debe ser mayor a 0');
    fireEvent.change(dialog.getByLabelText('Precio base (€)'), { target: { value: '300' } });
    next();
    fireEvent.click(dialog.getByRole('button', { name: 'Crear mudanza' }));

    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Mudanza creada exitosamente'));
    const body = JSON.parse(String(calls(fetchMock, 'POST /api/crear-mudanza').at(-1)?.[1]?.body));
    expect(body).toMatchObject({
      presupuesto_id: 'q1',
      cliente_email: 'pablo@correo.es',
      cliente_nombre: 'Pablo Gil',
      cliente_telefono: '698 765 432',
      origen: 'Calle de Atocha 30, 28012 Madrid',
      fecha_programada: '2099-03-10',
      hora_preferida: 'morning',
      flexible: true,
      contacto_preferencia: 'whatsapp',
      objects: [
        { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 },
        { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8, quantity: 12 },
      ],
      services: { dismount: true, dismount_quantity: 2, cleaning: true, packaging: false },
      property_details: {
        origin: { property_type: 'apartment_2_rooms', access: 'normal', floor: 'third', elevator: 1 },
        destination: { property_type: 'house_2_rooms', access: 'normal', floor: 'ground', elevator: 0 },
      },
      precio_total: 363,
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Mudanza 77' })).toBeTruthy();
    // Converted at once; the live feed's copy will say the same.
    expect(cards()).toEqual([]);
    const filters = within(inbox().getByRole('group', { name: 'Filtrar solicitudes' }));
    fireEvent.click(filters.getByRole('button', { name: /Convertidas/ }));
    expect(card('Pablo Gil').getByRole('button', { name: 'Ver mudanza #77' })).toBeTruthy();
  });

  it('asks before discarding, then sets the request aside; a refusal is shown', async () => {
    const ana = makeQuote({ id: 'q2', contact: { ...makeQuote({ id: 'x' }).contact, name: 'Ana Ruiz' } });
    const fetchMock = await renderPage([makeQuote({ id: 'q1' }), ana], {
      'POST /api/presupuestos/q1/descartar': () =>
        jsonResponse({ success: true, presupuesto: makeQuote({ id: 'q1', estado: 'descartada', version: 2 }) }),
      'POST /api/presupuestos/q2/descartar': () =>
        jsonResponse({ success: false, error: 'Esta solicitud ya se convirtió en una mudanza.' }, 409),
    });
    fireEvent.click(card('Pablo Gil').getByRole('button', { name: 'Descartar' }));
    const confirm = within(card('Pablo Gil').getByRole('group', { name: 'Confirmar descarte' }));
    fireEvent.click(confirm.getByRole('button', { name: 'No' }));
    expect(calls(fetchMock, 'POST /api/presupuestos/q1/descartar')).toHaveLength(0);

    fireEvent.click(card('Pablo Gil').getByRole('button', { name: 'Descartar' }));
    fireEvent.click(card('Pablo Gil').getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(cards()).toEqual(['Solicitud de Ana Ruiz']));
    expect(calls(fetchMock, 'POST /api/presupuestos/q1/descartar')).toHaveLength(1);

    fireEvent.click(card('Ana Ruiz').getByRole('button', { name: 'Descartar' }));
    fireEvent.click(card('Ana Ruiz').getByRole('button', { name: 'Sí, descartar' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Esta solicitud ya se convirtió en una mudanza.'));

    const filters = within(inbox().getByRole('group', { name: 'Filtrar solicitudes' }));
    fireEvent.click(filters.getByRole('button', { name: /Descartadas/ }));
    expect(cards()).toEqual(['Solicitud de Pablo Gil']);
    expect(card('Pablo Gil').getByText('Descartada')).toBeTruthy();
  });

  it('says so when there are no requests', async () => {
    mockFetch(handlers([]));
    render(
      <MemoryRouter>
        <ManagerDashboardPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No hay solicitudes nuevas.')).toBeTruthy();
    expect(inbox().getByRole('status').textContent).toBe('Ninguna pendiente');
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsPoint, StaffMove } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeMove, makeUser, mockFetch } from '../../test/fixtures';
import { serveMoveWindow } from '../../test/moveWindowServer';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { ManagerDashboardPage } from './ManagerDashboardPage';
import { cancelStatsRefresh, useManagerStore } from './useManagerStore';
import { useManagerWindow } from './useManagerWindow';
import { companyToday } from '../../lib/calendar';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('../../lib/browser');

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function priced(overrides: Partial<StaffMove> & { id: number }): StaffMove {
  return makeMove({
    precio_total: 352.11,
    precio: {
      base_cents: 18_000,
      distance_cents: 2_100,
      services_cents: 4_000,
      urgency_cents: 5_000,
      iva_enabled: true,
      subtotal_cents: 29_100,
      tax_cents: 6_111,
      total_cents: 35_211,
      advance_cents: 10_000,
    },
    // The deposit was paid by card.
    pagado: 100,
    pago_pendiente: 252.11,
    estado_pago: 'partial',
    pagos: [],
    clave_pago: 'K7MQ-2XPA',
    ...overrides,
  });
}

function seedMoves(): StaffMove[] {
  return [
    priced({ id: 1, estado: 'pendiente', cliente_nombre: 'Marta Sánchez', fecha_programada: '2099-03-01' }),
    priced({
      id: 2,
      estado: 'en curso',
      cliente_nombre: 'Pablo Gil',
      urgencia: 'urgente',
      fecha_programada: '2099-03-02',
      worker: 'Javier Moreno',
      workerId: 'w1',
      photos: [
        {
          id: 'f1',
          url: '/api/fotos/2/f1',
          descripcion: 'Salón antes',
          tipo: 'carga',
          fecha_subida: '2026-03-09T10:00:00Z',
        },
      ],
    }),
    priced({ id: 3, estado: 'finalizada', cliente_nombre: 'Lucía Ortega', fecha_programada: '2099-03-03' }),
    priced({ id: 4, estado: 'cancelada', cliente_nombre: 'Ana Ruiz', fecha_programada: '2099-03-04' }),
    priced({ id: 5, estado: 'confirmada', cliente_nombre: 'Diego Prieto', fecha_programada: '2099-03-05' }),
  ];
}

const series: AnalyticsPoint[] = [
  { inicio: '2026-03-08', creadas: 2, completadas: 1, canceladas: 0, ingresos: 700 },
  { inicio: '2026-03-09', creadas: 3, completadas: 2, canceladas: 1, ingresos: 534.56 },
];

const company = {
  success: true,
  mudanzas_totales: 1500,
  ganancias_totales: 1234.56,
  trabajadores_activos: 31,
  // The average stars of the published reviews.
  nivel_de_satisfaccion: 4.87,
};

type Handlers = Parameters<typeof mockFetch>[0];

function baseHandlers(moves = seedMoves()): Handlers {
  return {
    'GET /api/mudanzas*': serveMoveWindow(() => moves),
    'GET /api/trabajadores': () =>
      jsonResponse({
        success: true,
        trabajadores: [{ id: 'w1', nombre: 'Javier Moreno', username: 'EMP-001', ocupado: false }],
      }),
    'GET /api/datos-de-empresa': () => jsonResponse(company),
    'GET /api/analiticas?periodo=dia': () => jsonResponse({ success: true, periodo: 'dia', series }),
    'GET /api/presupuestos': () => jsonResponse({ success: true, presupuestos: [] }),
    'GET /api/mensajes-contacto': () => jsonResponse({ success: true, mensajes: [] }),
    'GET /api/candidaturas': () => jsonResponse({ success: true, candidaturas: [] }),
    'GET /api/gestion/opiniones?estado=pendiente': () => jsonResponse({ success: true, opiniones: [], pendientes: 0 }),
  };
}

async function renderPage(extra: Handlers = {}, moves = seedMoves()) {
  const fetchMock = mockFetch({ ...baseHandlers(moves), ...extra });
  render(
    <MemoryRouter>
      <ManagerDashboardPage />
    </MemoryRouter>,
  );
  await screen.findByRole('article', { name: 'Mudanza 1' });
  return fetchMock;
}

const row = (id: number) => screen.getByRole('article', { name: `Mudanza ${id}` });
const ids = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
const calls = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
const bodyOf = (fetchMock: ReturnType<typeof mockFetch>, key: string) =>
  JSON.parse(String(calls(fetchMock, key).at(-1)?.[1]?.body));

function stat(label: string): string {
  const stats = within(screen.getByRole('region', { name: 'Datos de la empresa' }));
  return nbsp(stats.getByText(label).nextElementSibling?.textContent);
}

describe('ManagerDashboardPage', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    // recharts measures its container; jsdom has no layout.
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
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    cancelStatsRefresh();
    resetLive();
  });

  it('shows the hero, the company stats, the quick actions, the charts and the moves', async () => {
    const fetchMock = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel de gerencia' })).toBeTruthy();
    expect(screen.getByText('Sesión iniciada como Lucía Ortega')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nueva mudanza' })).toBeTruthy();

    await waitFor(() => expect(stat('Ganancias totales')).toBe('1.234,56 €'));
    expect(stat('Mudanzas totales')).toBe('1.500');
    expect(stat('Trabajadores activos')).toBe('31');
    expect(stat('Nivel de satisfacción')).toBe('4,9 / 5');

    // Premium actions are shown locked and are not buttons.
    const actions = within(screen.getByRole('region', { name: 'Acciones rápidas' }));
    expect(actions.getByRole('button', { name: /Crear mudanza/ })).toBeTruthy();
    for (const name of ['Añadir trabajador', 'Ver informes', 'Atención al cliente']) {
      const locked = actions.getByText(name).closest('[aria-disabled="true"]');
      expect(locked?.textContent).toContain('Premium');
      expect(locked?.tagName).toBe('DIV');
    }

    // The charts are a lazy chunk (recharts): its first import can take over a second when the whole suite runs.
    expect(await screen.findByRole('heading', { name: 'Mudanzas por periodo' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ingresos por periodo' })).toBeTruthy();
    expect(screen.getByTestId('resumen-mudanzas').textContent).toBe('5 creadas · 3 completadas · 1 canceladas');
    expect(nbsp(screen.getByTestId('resumen-ingresos').textContent)).toBe('1.234,56 € en total');

    expect(ids()).toEqual(['Mudanza 1', 'Mudanza 2', 'Mudanza 3', 'Mudanza 4', 'Mudanza 5']);
    // What the public forms sent has its own panel (FormsInbox.test.tsx covers it).
    const forms = within(screen.getByRole('region', { name: 'Mensajes y candidaturas' }));
    expect(await forms.findByText('Todavía no ha llegado ningún mensaje del formulario de contacto.')).toBeTruthy();
    const second = within(row(2));
    expect(second.getByText('Pablo Gil')).toBeTruthy();
    expect(second.getByText('En Progreso')).toBeTruthy();
    expect(second.getByText('Urgente')).toBeTruthy();
    expect(second.getByText('Javier Moreno')).toBeTruthy();
    expect(nbsp(second.getByText(/352,11/).textContent)).toBe('352,11 €');
    expect(within(row(1)).getByText('Sin asignar')).toBeTruthy();

    for (const [url, init] of fetchMock.mock.calls) {
      expect(init?.credentials, String(url)).toBe('include');
    }
  });

  it("opens on the 'upcoming and recent' window, with prices, not on every move", async () => {
    const many = Array.from({ length: 120 }, (_, i) =>
      priced({ id: i + 1, fecha_programada: `2099-0${1 + (i % 9)}-1${i % 10}` }),
    );
    const old = priced({ id: 500, cliente_nombre: 'Antigua', fecha_programada: '2001-01-01' });
    const fetchMock = await renderPage({}, [...many, old]);
    expect(calls(fetchMock, 'GET /api/mudanzas?vista=proximas&orden=fecha&limite=50&include_price=true')).toHaveLength(
      1,
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('todas-las-mudanzas'))).toBe(false);
    expect(ids()).toHaveLength(50);
    expect(screen.getByText('Mostrando 50')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(ids()).toHaveLength(100));
    // Every date, when asked for.
    fireEvent.change(screen.getByLabelText('Fechas'), { target: { value: 'todas' } });
    await screen.findByRole('article', { name: 'Mudanza 500' });
    expect(ids()[0]).toBe('Mudanza 500');
  });

  it('filters by all plus the five statuses, with their counts, and by date, worker, urgency and payment', async () => {
    const fetchMock = await renderPage();
    const filters = within(screen.getByRole('group', { name: 'Filtrar por estado' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Todas5',
      'Pendiente1',
      'Confirmada1',
      'En Progreso1',
      'Completada1',
      'Cancelada1',
    ]);
    const expected: Record<string, string[]> = {
      Pendiente: ['Mudanza 1'],
      Confirmada: ['Mudanza 5'],
      'En Progreso': ['Mudanza 2'],
      Completada: ['Mudanza 3'],
      Cancelada: ['Mudanza 4'],
    };
    for (const [label, shown] of Object.entries(expected)) {
      fireEvent.click(filters.getByRole('button', { name: label }));
      expect(filters.getByRole('button', { name: label }).getAttribute('aria-pressed')).toBe('true');
      await waitFor(() => expect(ids()).toEqual(shown));
    }
    expect(
      calls(fetchMock, 'GET /api/mudanzas?estado=confirmada&vista=proximas&orden=fecha&limite=50&include_price=true'),
    ).toHaveLength(1);
    fireEvent.click(filters.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(ids()).toHaveLength(5));

    fireEvent.change(screen.getByLabelText('Urgencia'), { target: { value: 'urgente' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 2']));
    fireEvent.change(screen.getByLabelText('Urgencia'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Trabajador'), { target: { value: 'w1' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 2']));
    fireEvent.change(screen.getByLabelText('Trabajador'), { target: { value: 'sin_asignar' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 1', 'Mudanza 3', 'Mudanza 4', 'Mudanza 5']));
    fireEvent.change(screen.getByLabelText('Trabajador'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Desde'), { target: { value: '2099-03-02' } });
    fireEvent.change(screen.getByLabelText('Hasta'), { target: { value: '2099-03-03' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 2', 'Mudanza 3']));
    fireEvent.change(screen.getByLabelText('Pago'), { target: { value: 'paid' } });
    expect(await screen.findByText('No hay mudanzas con estos filtros.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pago'), { target: { value: 'partial' } });
    fireEvent.change(screen.getByLabelText('Orden'), { target: { value: '-fecha' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 3', 'Mudanza 2']));
    expect(
      calls(
        fetchMock,
        'GET /api/mudanzas?desde=2099-03-02&hasta=2099-03-03&estado_pago=partial&vista=proximas&orden=-fecha&limite=50&include_price=true',
      ),
    ).toHaveLength(1);
  });

  it('searches on the server once typing pauses: a number exactly, a name without its accents', async () => {
    const moves = [...seedMoves(), priced({ id: 15, cliente_nombre: 'Íñigo Ñúñez', fecha_programada: '2099-03-06' })];
    const fetchMock = await renderPage({}, moves);
    const search = screen.getByRole('searchbox', { name: 'Buscar mudanza' });
    fireEvent.change(search, { target: { value: '5' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 5']));
    expect(
      calls(fetchMock, 'GET /api/mudanzas?q=5&vista=proximas&orden=fecha&limite=50&include_price=true'),
    ).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'lucia' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 3']));
    fireEvent.change(search, { target: { value: 'INIGO nunez' } });
    await waitFor(() => expect(ids()).toEqual(['Mudanza 15']));
    fireEvent.change(search, { target: { value: 'nadie' } });
    expect(await screen.findByText('Ninguna mudanza coincide con la búsqueda.')).toBeTruthy();
    // Typing fast sends only what was typed last.
    const sent = calls(fetchMock, 'GET /api/mudanzas?q=nadie&vista=proximas&orden=fecha&limite=50&include_price=true');
    expect(sent).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('q=nadi&'))).toBe(false);
  });

  it('merges a live change into the filtered window and its counts, reading nothing again', async () => {
    const fetchMock = await renderPage();
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Filtrar por estado' })).getByRole('button', { name: 'Pendiente' }),
    );
    await waitFor(() => expect(ids()).toEqual(['Mudanza 1']));
    const requests = calls(
      fetchMock,
      'GET /api/mudanzas?estado=pendiente&vista=proximas&orden=fecha&limite=50&include_price=true',
    ).length;
    const ws = FakeWebSocket.last();
    const pendingButton = () =>
      within(screen.getByRole('group', { name: 'Filtrar por estado' })).getByRole('button', { name: 'Pendiente' });

    // Move 5 goes back to pending: it enters, in date order.
    act(() =>
      ws.receive({
        type: 'change',
        position: 20,
        kind: 'move',
        id: '5',
        data: priced({
          id: 5,
          estado: 'pendiente',
          cliente_nombre: 'Diego Prieto',
          fecha_programada: '2099-03-05',
          version: 2,
        }),
      }),
    );
    expect(ids()).toEqual(['Mudanza 1', 'Mudanza 5']);
    act(() =>
      ws.receive({
        type: 'change',
        position: 21,
        kind: 'move_counts',
        id: 'all',
        data: { todas: 5, pendiente: 2, confirmada: 0, 'en curso': 1, finalizada: 1, cancelada: 1 },
      }),
    );
    expect(pendingButton().textContent).toBe('Pendiente2');
    // Move 1 is confirmed: it leaves.
    act(() =>
      ws.receive({
        type: 'change',
        position: 22,
        kind: 'move',
        id: '1',
        data: priced({
          id: 1,
          estado: 'confirmada',
          cliente_nombre: 'Marta Sánchez',
          fecha_programada: '2099-03-01',
          version: 2,
        }),
      }),
    );
    expect(ids()).toEqual(['Mudanza 5']);
    expect(
      calls(fetchMock, 'GET /api/mudanzas?estado=pendiente&vista=proximas&orden=fecha&limite=50&include_price=true'),
    ).toHaveLength(requests);
  });

  it('opens a move that is not in the window (a converted quote) by reading it', async () => {
    const far = priced({ id: 90, cliente_nombre: 'Fuera de la ventana', fecha_programada: '2001-01-01' });
    await renderPage({ 'GET /api/mudanza/90': () => jsonResponse({ success: true, mudanza: far }) });
    await act(async () => {
      await useManagerStore.getState().open(90);
    });
    expect(useManagerStore.getState().opened?.cliente_nombre).toBe('Fuera de la ventana');
    // Not listed: it is outside 'upcoming and recent'.
    expect(ids()).not.toContain('Mudanza 90');
  });

  it('changes the analytics period', async () => {
    const fetchMock = await renderPage({
      'GET /api/analiticas?periodo=semana': () => jsonResponse({ success: true, periodo: 'semana', series: [] }),
    });
    const periods = within(await screen.findByRole('group', { name: 'Periodo' }));
    expect(periods.getAllByRole('button').map((b) => b.textContent)).toEqual(['Día', 'Semana', 'Mes']);
    fireEvent.click(periods.getByRole('button', { name: 'Semana' }));
    expect(await screen.findByText('No hay datos para este periodo.')).toBeTruthy();
    expect(calls(fetchMock, 'GET /api/analiticas?periodo=semana')).toHaveLength(1);
  });

  it('creates a move through the 9 steps, validating each one', async () => {
    const created = priced({ id: 77, cliente_nombre: 'Rosa Prueba', fecha_programada: '2099-05-04' });
    const fetchMock = await renderPage({
      'POST /api/crear-mudanza': () => jsonResponse({ success: true, mudanza_id: 77, mudanza: created }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva mudanza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nueva mudanza' }));
    const next = () => fireEvent.click(dialog.getByRole('button', { name: 'Siguiente' }));
    const error = () => dialog.getByRole('alert').textContent;
    const stepName = () => dialog.getByText(/^Paso \d de 9/).textContent;

    expect(stepName()).toBe('Paso 1 de 9: Cliente');
    expect((dialog.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true);
    expect(dialog.queryByRole('button', { name: 'Crear mudanza' })).toBeNull();
    next();
    expect(error()).toBe('El email del cliente es requerido');
    fireEvent.change(dialog.getByLabelText('Email del cliente'), { target: { value: 'rosa@ejemplo.es' } });
    expect(dialog.queryByRole('alert')).toBeNull();
    next();

    expect(stepName()).toBe('Paso 2 de 9: Direcciones');
    expect((dialog.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(dialog.getByLabelText('Dirección de origen'), { target: { value: 'Calle de Alcalá 1, Madrid' } });
    next();
    expect(error()).toBe('Las direcciones son requeridas');
    fireEvent.change(dialog.getByLabelText('Dirección de destino'), { target: { value: 'Calle Mayor 2, Getafe' } });
    next();

    expect(stepName()).toBe('Paso 3 de 9: Viviendas');
    // Floor only for apartments, elevator only above ground.
    expect(dialog.queryByLabelText('Hay ascensor (origen)')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Planta (origen)'), { target: { value: 'third' } });
    fireEvent.click(dialog.getByLabelText('Hay ascensor (origen)'));
    fireEvent.change(dialog.getByLabelText('Tipo de vivienda (destino)'), { target: { value: 'house_2_rooms' } });
    expect(dialog.queryByLabelText('Planta (destino)')).toBeNull();
    fireEvent.change(dialog.getByLabelText('Acceso (destino)'), { target: { value: 'cant_park' } });
    next();

    expect(stepName()).toBe('Paso 4 de 9: Objetos');
    next();
    expect(error()).toBe('Debe seleccionar al menos un objeto');
    fireEvent.click(dialog.getByRole('button', { name: 'Añadir Sofá de 3 plazas' }));
    fireEvent.change(dialog.getByLabelText('Cantidad de Caja mediana'), { target: { value: '12' } });
    expect(dialog.getByText('13 objetos · 151 kg')).toBeTruthy();
    next();

    expect(stepName()).toBe('Paso 5 de 9: Servicios');
    fireEvent.click(dialog.getByLabelText('Desmontaje de muebles'));
    fireEvent.change(dialog.getByLabelText('Muebles a desmontar'), { target: { value: '25' } });
    expect((dialog.getByLabelText('Muebles a desmontar') as HTMLInputElement).value).toBe('10');
    fireEvent.click(dialog.getByLabelText('Limpieza'));
    next();

    expect(stepName()).toBe('Paso 6 de 9: Fechas');
    next();
    expect(error()).toBe('La fecha preferida es requerida');
    fireEvent.change(dialog.getByLabelText('Fecha preferida'), { target: { value: '2099-05-04' } });
    fireEvent.click(dialog.getByLabelText('Mañana (8:00-12:00)'));
    next();

    expect(stepName()).toBe('Paso 7 de 9: Contacto');
    expect((dialog.getByLabelText('Email de contacto') as HTMLInputElement).value).toBe('rosa@ejemplo.es');
    fireEvent.change(dialog.getByLabelText('Nombre de contacto'), { target: { value: 'Rosa Prueba' } });
    next();
    expect(error()).toBe('La información de contacto es requerida');
    fireEvent.change(dialog.getByLabelText('Teléfono de contacto'), { target: { value: '612 000 111' } });
    fireEvent.click(dialog.getByLabelText('WhatsApp'));
    next();

    expect(stepName()).toBe('Paso 8 de 9: Precio');
    expect((dialog.getByLabelText('Añadir IVA (21 %)') as HTMLInputElement).checked).toBe(true);
    next();
    expect(error()).toBe('El precio total debe ser mayor a 0');
    fireEvent.change(dialog.getByLabelText('Precio base (€)'), { target: { value: '180' } });
    fireEvent.change(dialog.getByLabelText('Coste por distancia (€)'), { target: { value: '21' } });
    fireEvent.change(dialog.getByLabelText('Coste de servicios (€)'), { target: { value: '40' } });
    expect(nbsp(dialog.getByTestId('precio-total').textContent)).toBe('291,61 €');
    fireEvent.change(dialog.getByLabelText('Anticipo solicitado (€)'), { target: { value: '100' } });
    // The advance is asked for, not received: nothing is paid yet, so all of the total is
    // 'Pendiente de pago' (total − paid, as everywhere), not total − advance (issue 17, item 7).
    expect(nbsp(dialog.getByText('Estado del pago').nextElementSibling?.textContent)).toBe('Pendiente');
    expect(dialog.queryByText('Parcial')).toBeNull();
    expect(nbsp(dialog.getByText('Pendiente de pago').nextElementSibling?.textContent)).toBe('291,61 €');
    expect(dialog.queryByText('Pago adelantado')).toBeNull();
    next();

    expect(stepName()).toBe('Paso 9 de 9: Resumen');
    const summary = within(dialog.getByRole('region', { name: 'Precio' }));
    expect(nbsp(summary.getByText('Anticipo solicitado').nextElementSibling?.textContent)).toBe('100,00 €');
    expect(nbsp(summary.getByText('Pendiente de pago').nextElementSibling?.textContent)).toBe('291,61 €');
    expect(dialog.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    expect(dialog.getByText('rosa@ejemplo.es')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Crear mudanza' }));

    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Mudanza creada exitosamente'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(row(77)).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/crear-mudanza')).toEqual({
      cliente_nombre: 'Rosa Prueba',
      cliente_telefono: '612 000 111',
      cliente_email: 'rosa@ejemplo.es',
      origen: 'Calle de Alcalá 1, Madrid',
      destino: 'Calle Mayor 2, Getafe',
      fecha_programada: '2099-05-04',
      fecha_alternativa: null,
      flexible: false,
      hora_preferida: 'morning',
      contacto_nombre: 'Rosa Prueba',
      contacto_telefono: '612 000 111',
      contacto_email: 'rosa@ejemplo.es',
      contacto_preferencia: 'whatsapp',
      estado: 'pendiente',
      urgencia: 'normal',
      objects: [
        { id: 'sofa-3-plazas', nombre: 'Sofá de 3 plazas', peso: 55, quantity: 1 },
        { id: 'caja-mediana', nombre: 'Caja mediana', peso: 8, quantity: 12 },
      ],
      services: {
        dismount: true,
        dismount_quantity: 10,
        packaging: false,
        packaging_quantity: 0,
        cleaning: true,
        fragile: false,
        long_stairs: false,
      },
      property_details: {
        origin: { property_type: 'apartment_1_room', access: 'normal', floor: 'third', elevator: 1 },
        destination: { property_type: 'house_2_rooms', access: 'cant_park', floor: 'ground', elevator: 0 },
      },
      instrucciones: '',
      precio: { base: 180, distancia: 21, servicios: 40, urgencia: 0, iva: true },
      pago_adelantado: 100,
      precio_total: 291.61,
      clave_idempotencia: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('keeps the wizard open and shows the server message when creation fails', async () => {
    const fetchMock = await renderPage({
      'POST /api/crear-mudanza': () => jsonResponse({ success: false, error: 'Las direcciones son requeridas' }, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva mudanza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nueva mudanza' }));
    const next = () => fireEvent.click(dialog.getByRole('button', { name: 'Siguiente' }));
    fireEvent.change(dialog.getByLabelText('Email del cliente'), { target: { value: 'a@b.es' } });
    next();
    fireEvent.change(dialog.getByLabelText('Dirección de origen'), { target: { value: 'Origen 1' } });
    fireEvent.change(dialog.getByLabelText('Dirección de destino'), { target: { value: 'Destino 2' } });
    next();
    next();
    fireEvent.click(dialog.getByRole('button', { name: 'Añadir Silla' }));
    next();
    next();
    fireEvent.change(dialog.getByLabelText('Fecha preferida'), { target: { value: companyToday() } });
    next();
    fireEvent.change(dialog.getByLabelText('Nombre de contacto'), { target: { value: 'Ana' } });
    fireEvent.change(dialog.getByLabelText('Teléfono de contacto'), { target: { value: '600000000' } });
    next();
    fireEvent.change(dialog.getByLabelText('Precio base (€)'), { target: { value: '50' } });
    fireEvent.click(dialog.getByLabelText('Añadir IVA (21 %)'));
    next();
    fireEvent.click(dialog.getByRole('button', { name: 'Crear mudanza' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Las direcciones son requeridas'));
    expect(dialog.getByRole('alert').textContent).toBe('Las direcciones son requeridas');
    expect(bodyOf(fetchMock, 'POST /api/crear-mudanza').precio_total).toBe(50);
    expect(screen.getByRole('dialog', { name: 'Nueva mudanza' })).toBeTruthy();
  });

  it('falls back to the generic message when the server is unreachable, and retries with the same key', async () => {
    const fetchMock = await renderPage({
      'POST /api/crear-mudanza': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Nueva mudanza' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Nueva mudanza' }));
    const next = () => fireEvent.click(dialog.getByRole('button', { name: 'Siguiente' }));
    fireEvent.change(dialog.getByLabelText('Email del cliente'), { target: { value: 'a@b.es' } });
    next();
    fireEvent.change(dialog.getByLabelText('Dirección de origen'), { target: { value: 'Origen 1' } });
    fireEvent.change(dialog.getByLabelText('Dirección de destino'), { target: { value: 'Destino 2' } });
    next();
    next();
    fireEvent.click(dialog.getByRole('button', { name: 'Añadir Silla' }));
    next();
    next();
    fireEvent.change(dialog.getByLabelText('Fecha preferida'), { target: { value: '2099-01-01' } });
    next();
    fireEvent.change(dialog.getByLabelText('Nombre de contacto'), { target: { value: 'Ana' } });
    fireEvent.change(dialog.getByLabelText('Teléfono de contacto'), { target: { value: '600000000' } });
    next();
    fireEvent.change(dialog.getByLabelText('Precio base (€)'), { target: { value: '50' } });
    next();
    fireEvent.click(dialog.getByRole('button', { name: 'Crear mudanza' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Ha ocurrido un error. Inténtalo de nuevo.'));

    // The move may have been created all the same: the retry carries the same key, so the server
    // answers with that move rather than making a second; a new wizard has a new key.
    fireEvent.click(dialog.getByRole('button', { name: 'Crear mudanza' }));
    await waitFor(() => expect(calls(fetchMock, 'POST /api/crear-mudanza')).toHaveLength(2));
    const keys = calls(fetchMock, 'POST /api/crear-mudanza').map(
      (call) => JSON.parse(String(call[1]?.body)).clave_idempotencia,
    );
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('edits a move: required fields, the status shown at once, saved with its version', async () => {
    const fetchMock = await renderPage({
      'POST /api/actualizar-mudanza': (init) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse({
          success: true,
          mudanza: priced({
            id: 1,
            origen: body.origen,
            estado: body.estado,
            version: 2,
            fecha_programada: '2099-03-01',
          }),
        });
      },
    });
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Editar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Editar mudanza' }));

    const fields: [string, string][] = [
      ['Nombre del cliente', 'El nombre del cliente es requerido'],
      ['Dirección de origen', 'La dirección de origen es requerida'],
      ['Dirección de destino', 'La dirección de destino es requerida'],
      ['Fecha', 'La fecha es requerida'],
      ['Precio base (€)', 'El precio es requerido'],
    ];
    const otherLines = ['Coste por distancia (€)', 'Coste de servicios (€)', 'Coste por urgencia (€)'];
    for (const label of [...fields.map(([label]) => label), ...otherLines]) {
      fireEvent.change(dialog.getByLabelText(label), { target: { value: '' } });
    }
    fireEvent.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    for (const [label, message] of fields) {
      const input = dialog.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(message);
    }
    expect(calls(fetchMock, 'POST /api/actualizar-mudanza')).toHaveLength(0);
    expect(document.activeElement).toBe(dialog.getByLabelText('Nombre del cliente'));

    fireEvent.change(dialog.getByLabelText('Nombre del cliente'), { target: { value: 'Marta Sánchez' } });
    fireEvent.change(dialog.getByLabelText('Dirección de origen'), { target: { value: 'Calle Nueva 5, Madrid' } });
    fireEvent.change(dialog.getByLabelText('Dirección de destino'), { target: { value: 'Calle Vieja 7, Madrid' } });
    fireEvent.change(dialog.getByLabelText('Fecha'), { target: { value: '2099-03-01' } });
    // The lines are edited, the VAT choice kept: (300 + 21 + 40 + 50) × 1.21 = 497.31 €.
    fireEvent.change(dialog.getByLabelText('Precio base (€)'), { target: { value: '300' } });
    fireEvent.change(dialog.getByLabelText('Coste por distancia (€)'), { target: { value: '21' } });
    fireEvent.change(dialog.getByLabelText('Coste de servicios (€)'), { target: { value: '40' } });
    fireEvent.change(dialog.getByLabelText('Coste por urgencia (€)'), { target: { value: '50' } });
    expect((dialog.getByLabelText('Añadir IVA (21 %)') as HTMLInputElement).checked).toBe(true);
    expect(nbsp(dialog.getByTestId('mgr-edit-total').textContent)).toBe('497,31 €');

    // §4: the status applies in the list at once, before saving.
    fireEvent.change(dialog.getByLabelText('Estado'), { target: { value: 'confirmada' } });
    expect(within(row(1)).getByText('Confirmada')).toBeTruthy();

    fireEvent.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(showAlert).toHaveBeenCalledWith('Mudanza actualizada exitosamente'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodyOf(fetchMock, 'POST /api/actualizar-mudanza')).toMatchObject({
      id: 1,
      version: 1,
      origen: 'Calle Nueva 5, Madrid',
      destino: 'Calle Vieja 7, Madrid',
      estado: 'confirmada',
      precio: { base: 300, distancia: 21, servicios: 40, urgencia: 50, iva: true },
      pago_adelantado: 100,
      precio_total: 497.31,
      urgencia: 'normal',
    });
    expect(within(row(1)).getByText('Calle Nueva 5, Madrid')).toBeTruthy();
    expect(within(row(1)).getByText('Confirmada')).toBeTruthy();
  });

  it('drops the unsaved status when the edit is cancelled', async () => {
    await renderPage();
    fireEvent.click(within(row(3)).getByRole('button', { name: 'Editar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Editar mudanza' }));
    fireEvent.change(dialog.getByLabelText('Estado'), { target: { value: 'cancelada' } });
    expect(within(row(3)).getByText('Cancelada')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(within(row(3)).getByText('Completada')).toBeTruthy();
  });

  it('shows the server failure of an edit', async () => {
    await renderPage({
      'POST /api/actualizar-mudanza': () => jsonResponse({ success: false, error: 'La fecha es requerida' }, 400),
    });
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Editar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(showAlert).toHaveBeenCalledWith('Error al actualizar la mudanza: La fecha es requerida'),
    );
    expect(screen.getByRole('dialog', { name: 'Editar mudanza' })).toBeTruthy();
  });

  it('on a stale version shows the conflict and reloads the move instead of overwriting', async () => {
    const conflict =
      'La mudanza ha sido modificada por otra persona mientras la editabas. Recarga e inténtalo de nuevo.';
    const fresh = priced({ id: 1, origen: 'Cambiada por otra persona', version: 4, fecha_programada: '2099-03-01' });
    const fetchMock = await renderPage({
      'POST /api/actualizar-mudanza': () => jsonResponse({ success: false, error: conflict }, 409),
      'GET /api/mudanza/1': () => jsonResponse({ success: true, mudanza: fresh }),
    });
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Editar' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Editar mudanza' }));
    fireEvent.change(dialog.getByLabelText('Dirección de destino'), { target: { value: 'Mi cambio' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Guardar cambios' }));

    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain(conflict);
    expect(showAlert).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Recargar mudanza' }));
    await waitFor(() =>
      expect((dialog.getByLabelText('Dirección de origen') as HTMLInputElement).value).toBe(
        'Cambiada por otra persona',
      ),
    );
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(within(row(1)).getByText('Cambiada por otra persona')).toBeTruthy();

    // The next save is decided on the version just loaded.
    fireEvent.click(dialog.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(calls(fetchMock, 'POST /api/actualizar-mudanza')).toHaveLength(2));
    expect(bodyOf(fetchMock, 'POST /api/actualizar-mudanza').version).toBe(4);
  });

  it('warns in the edit form when the live feed brings a newer version', async () => {
    await renderPage();
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Editar' }));
    const ws = FakeWebSocket.last();
    act(() =>
      ws.receive({
        type: 'change',
        position: 50,
        kind: 'move',
        id: '1',
        data: priced({ id: 1, estado: 'en curso', version: 2, fecha_programada: '2099-03-01' }),
      }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Editar mudanza' }));
    expect(dialog.getByText('Otra persona ha modificado esta mudanza mientras la editabas.')).toBeTruthy();
  });

  it('shows every field in the view modal and assigns a worker, refusing busy ones', async () => {
    const assigned = priced({ id: 1, worker: 'Ana Ruiz', workerId: 'w2', version: 2, fecha_programada: '2099-03-01' });
    const fetchMock = await renderPage({
      'GET /api/trabajadores?fecha=2099-03-01': () =>
        jsonResponse({
          success: true,
          trabajadores: [
            { id: 'w1', nombre: 'Javier Moreno', username: 'EMP-001', ocupado: true, mudanza_asignada: 9 },
            { id: 'w2', nombre: 'Ana Ruiz', username: 'EMP-002', ocupado: false, mudanza_asignada: null },
            { id: 'w3', nombre: 'Luis Gómez', username: 'EMP-003', ocupado: false, mudanza_asignada: null },
          ],
        }),
      'POST /api/asignar-trabajador': (init) => {
        const body = JSON.parse(String(init?.body));
        return body.worker_id === 'w3'
          ? jsonResponse({ success: false, error: 'El trabajador ya tiene otra mudanza asignada ese día' }, 409)
          : jsonResponse({ success: true, mudanza: assigned });
      },
    });
    fireEvent.click(within(row(1)).getByRole('button', { name: 'Ver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mudanza #1' }));
    expect(dialog.getByText('Sofá de 3 plazas')).toBeTruthy();
    expect(dialog.getByText('Sin servicios adicionales')).toBeTruthy();
    expect(dialog.getByText('Piso de 2 habitaciones · Acceso normal · Planta 3.º · Con ascensor')).toBeTruthy();
    expect(nbsp(dialog.getByText('Total').nextElementSibling?.textContent)).toBe('352,11 €');
    expect(dialog.getByText('Parcial')).toBeTruthy();
    expect(dialog.getByText('Sin fotos')).toBeTruthy();

    const select = (await dialog.findByLabelText('Asignar trabajador')) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    const options = Array.from(select.options).map((o) => [o.textContent, o.disabled]);
    expect(options).toEqual([
      ['Selecciona un trabajador', false],
      ['Javier Moreno (EMP-001) (ocupado)', true],
      ['Ana Ruiz (EMP-002)', false],
      ['Luis Gómez (EMP-003)', false],
    ]);

    fireEvent.change(select, { target: { value: 'w3' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Asignar' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('El trabajador ya tiene otra mudanza asignada ese día');

    fireEvent.change(select, { target: { value: 'w2' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Asignar' }));
    expect(await dialog.findByText('Asignado a Ana Ruiz')).toBeTruthy();
    expect(within(row(1)).getByText('Ana Ruiz')).toBeTruthy();
    expect(bodyOf(fetchMock, 'POST /api/asignar-trabajador')).toEqual({ mudanza_id: 1, worker_id: 'w2' });
  });

  it('shows the photos of a move', async () => {
    await renderPage({
      'GET /api/trabajadores?fecha=2099-03-02': () => jsonResponse({ success: true, trabajadores: [] }),
    });
    fireEvent.click(within(row(2)).getByRole('button', { name: 'Ver' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Mudanza #2' }));
    expect(dialog.getByRole('heading', { name: 'Fotos (1)' })).toBeTruthy();
    const img = dialog.getByRole('img', { name: 'Salón antes' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/fotos/2/f1');
    fireEvent.error(img);
    expect(dialog.getByText('Error al cargar imagen')).toBeTruthy();
    await waitFor(() => expect(dialog.getByRole('option', { name: 'Selecciona un trabajador' })).toBeTruthy());
  });

  it('applies live changes and refreshes the stats and charts once, debounced', async () => {
    const fetchMock = await renderPage();
    await screen.findByRole('heading', { name: 'Mudanzas por periodo' }, { timeout: 5000 });
    const ws = FakeWebSocket.last();
    const before = {
      company: calls(fetchMock, 'GET /api/datos-de-empresa').length,
      analytics: calls(fetchMock, 'GET /api/analiticas?periodo=dia').length,
    };

    let newCompany = { ...company, mudanzas_totales: 1501, ganancias_totales: 2000 };
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'GET /api/datos-de-empresa') return jsonResponse(newCompany);
      if (key === 'GET /api/analiticas?periodo=dia') return jsonResponse({ success: true, periodo: 'dia', series });
      throw new Error(`Llamada inesperada: ${key}`);
    });

    act(() => {
      ws.receive({
        type: 'change',
        position: 10,
        kind: 'move',
        id: '3',
        data: priced({ id: 3, estado: 'cancelada', version: 5, fecha_programada: '2099-03-03' }),
      });
      ws.receive({
        type: 'change',
        position: 11,
        kind: 'move',
        id: '6',
        data: priced({ id: 6, cliente_nombre: 'Nuevo Cliente', fecha_programada: '2099-03-06' }),
      });
    });
    expect(within(row(3)).getByText('Cancelada')).toBeTruthy();
    expect(within(row(6)).getByText('Nuevo Cliente')).toBeTruthy();

    await waitFor(() => expect(stat('Mudanzas totales')).toBe('1.501'), { timeout: 2000 });
    expect(stat('Ganancias totales')).toBe('2.000,00 €');
    expect(calls(fetchMock, 'GET /api/datos-de-empresa').length).toBe(before.company + 1);
    expect(calls(fetchMock, 'GET /api/analiticas?periodo=dia').length).toBe(before.analytics + 1);
    newCompany = company;
  });

  it('shows the live indicator and reloads everything on resync', async () => {
    const fetchMock = await renderPage();
    expect(screen.getByText('Conectando…')).toBeTruthy();
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 1, role: 'empresario' }));
    expect(screen.getByText('En directo')).toBeTruthy();
    await waitFor(() =>
      expect(
        calls(fetchMock, 'GET /api/mudanzas?vista=proximas&orden=fecha&limite=50&include_price=true'),
      ).toHaveLength(2),
    );
    act(() => FakeWebSocket.last().drop());
    expect(screen.getByText('Reconectando…')).toBeTruthy();
  });

  it('logs a failed load and shows an empty list (§8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      'GET /api/mudanzas*': () => jsonResponse({ success: false }, 500),
      'GET /api/trabajadores': () => jsonResponse({ success: false }, 500),
      'GET /api/datos-de-empresa': () => jsonResponse({ success: false }, 500),
      'GET /api/analiticas?periodo=dia': () => jsonResponse({ success: false }, 500),
    });
    render(
      <MemoryRouter>
        <ManagerDashboardPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No hay mudanzas.')).toBeTruthy();
    expect(screen.getByText('No se pudieron cargar las mudanzas. Inténtalo de nuevo.')).toBeTruthy();
    expect(await screen.findByText('No se pudieron cargar las analíticas.')).toBeTruthy();
    await waitFor(() => expect(stat('Mudanzas totales')).toBe('—'));
    expect(error).toHaveBeenCalled();
  });
});

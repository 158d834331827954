import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEvent, StaffMove } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeMove, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { endOfSecond, fieldLabel, fromLocalInput, toLocalInput, valueText } from './audit';
import { AuditPage } from './AuditPage';
import { signatureImage } from './AuditTimeline';
import { useAuditStore } from './useAuditStore';

const summary: StaffMove = makeMove({
  id: 12,
  cliente_nombre: 'Marta Sánchez',
  cliente_email: 'cliente@mudanzas.test',
  cliente_telefono: '612 345 678',
  origen: 'Calle de Alcalá 120, Madrid',
  destino: 'Calle Mayor 2, Getafe',
  fecha_programada: '2026-06-01',
  estado: 'en curso',
  worker: 'Javier Moreno',
  created_at: '2026-05-04T10:00:00Z',
  updated_at: '2026-05-04T10:05:00Z',
  version: 2,
});

function event(overrides: Partial<AuditEvent> & { posicion: number }): AuditEvent {
  return {
    flujo: 'move-12',
    version: 1,
    tipo: 'move.created',
    version_esquema: 2,
    etiqueta: 'Mudanza creada',
    resumen: '',
    actor: { id: 'g1', nombre: 'Lucía Ortega', rol: 'empresario', rol_etiqueta: 'Gerente' },
    ocurrido_en: '2026-05-04T09:59:58Z',
    registrado_en: '2026-05-04T10:00:00.250Z',
    datos: { move_id: 12 },
    metadatos: { correlation_id: 'c-1', causation_id: null, request_id: null },
    cambios: [{ campo: 'estado', antes: null, despues: 'pendiente' }],
    ...overrides,
  };
}

const history: AuditEvent[] = [
  event({ posicion: 100 }),
  event({
    posicion: 200,
    version: 2,
    tipo: 'move.status_changed',
    etiqueta: 'Estado cambiado',
    resumen: 'Pendiente → En Progreso',
    actor: { id: 'w1', nombre: 'Javier Moreno', rol: 'empleado', rol_etiqueta: 'Trabajador' },
    ocurrido_en: '2026-05-04T10:04:59Z',
    registrado_en: '2026-05-04T10:05:00.500Z',
    datos: { from: 'pendiente', to: 'en curso' },
    cambios: [
      { campo: 'estado', antes: 'pendiente', despues: 'en curso' },
      { campo: 'precio.total_cents', antes: 100, despues: 200 },
    ],
  }),
  event({
    posicion: 210,
    flujo: 'worker-day-w1-2026-06-01',
    tipo: 'worker.day_booked',
    etiqueta: 'Día del trabajador reservado',
    cambios: [],
  }),
];

function stateAnswer(estado: 'pendiente' | 'en curso', posicion: number) {
  return {
    success: true,
    mudanza_id: 12,
    en: '2026-05-04T10:05:00Z',
    posicion,
    version: posicion === 100 ? 1 : 2,
    eventos_aplicados: posicion === 100 ? 1 : 2,
    eventos_totales: 2,
    ultimo_evento: {
      posicion,
      version: posicion === 100 ? 1 : 2,
      tipo: posicion === 100 ? 'move.created' : 'move.status_changed',
      etiqueta: posicion === 100 ? 'Mudanza creada' : 'Estado cambiado',
      registrado_en: posicion === 100 ? '2026-05-04T10:00:00.250Z' : '2026-05-04T10:05:00.500Z',
      ocurrido_en: '2026-05-04T10:00:00Z',
    },
    estado: {
      ...makeMove({ id: 12, estado }),
      precio_total: 454.96,
      pago_adelantado: 100,
      pago_pendiente: 354.96,
      estado_pago: 'partial',
    },
  };
}

type Handlers = Parameters<typeof mockFetch>[0];

function baseHandlers(): Handlers {
  return {
    'GET /api/mudanzas?orden=-numero&limite=50': () =>
      jsonResponse({ success: true, mudanzas: [summary], siguiente: null, conteos: null }),
    'GET /api/auditoria/mudanza/12/historial': () => jsonResponse({ success: true, mudanza_id: 12, eventos: history }),
  };
}

function renderPage(extra: Handlers = {}, path = '/auditoria') {
  const fetchMock = mockFetch({ ...baseHandlers(), ...extra });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AuditPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

const calls = (fetchMock: ReturnType<typeof mockFetch>, prefix: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).startsWith(prefix)).map(([url]) => String(url));

async function openMove() {
  fireEvent.click(await screen.findByRole('button', { name: /Mudanza 12/ }));
  return screen.findByRole('list', { name: 'Eventos de la mudanza' });
}

describe('AuditPage', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'auditor', nombre: 'Diego Prieto' }) });
    useAuditStore.getState().reset();
  });

  afterEach(() => {
    resetLive();
  });

  it('lists the newest moves, searches, and shows an empty result in words', async () => {
    const fetchMock = renderPage({
      'GET /api/mudanzas?q=Mart%C3%ADnez%20Alcal%C3%A1&orden=-numero&limite=50': () =>
        jsonResponse({ success: true, mudanzas: [], siguiente: null, conteos: null }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Auditoría' })).toBeTruthy();
    expect(await screen.findByText('1 mudanza')).toBeTruthy();
    const result = screen.getByRole('button', { name: /Mudanza 12/ });
    expect(result.textContent).toContain('Marta Sánchez');
    expect(result.textContent).toContain('En Progreso');

    fireEvent.change(screen.getByLabelText('Número, cliente, email, teléfono o dirección'), {
      target: { value: ' Martínez Alcalá ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Ninguna mudanza coincide con la búsqueda.')).toBeTruthy();
    expect(calls(fetchMock, '/api/mudanzas')).toHaveLength(2);
  });

  it("reads the next page of results with 'Cargar más', newest first", async () => {
    const older = makeMove({ id: 3, cliente_nombre: 'Ana Ruiz' });
    const fetchMock = renderPage({
      'GET /api/mudanzas?orden=-numero&limite=50': () =>
        jsonResponse({ success: true, mudanzas: [summary], siguiente: 'c-12', conteos: null }),
      'GET /api/mudanzas?orden=-numero&limite=50&cursor=c-12': () =>
        jsonResponse({ success: true, mudanzas: [older], siguiente: null, conteos: null }),
    });
    expect(await screen.findByText('1 mudanza, las más recientes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('2 mudanzas')).toBeTruthy();
    const results = within(screen.getByRole('list', { name: 'Resultados de la búsqueda' }));
    expect(results.getAllByRole('button').map((b) => b.querySelector('.audit-result__id')?.textContent)).toEqual([
      'Mudanza 12',
      'Mudanza 3',
    ]);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(calls(fetchMock, '/api/mudanzas')).toHaveLength(2);
  });

  it('shows the timeline with labels, actors, both times, the diff table and the raw data', async () => {
    renderPage();
    const timeline = within(await openMove());
    const entries = timeline.getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    const change = within(entries[1]!);
    expect(change.getByRole('heading', { level: 3, name: 'Estado cambiado' })).toBeTruthy();
    expect(change.getByText('Pendiente → En Progreso')).toBeTruthy();
    expect(change.getByText('Por Javier Moreno (Trabajador)')).toBeTruthy();
    const [occurred, recorded] = entries[1]!.querySelectorAll('time');
    expect(occurred?.getAttribute('dateTime')).toBe('2026-05-04T10:04:59Z');
    expect(recorded?.getAttribute('dateTime')).toBe('2026-05-04T10:05:00.500Z');
    // Intl es-ES with seconds.
    expect(occurred?.textContent).toMatch(/may 2026, \d{1,2}:04:59/);

    fireEvent.click(change.getByText('2 cambios'));
    const table = change.getByRole('table', { name: 'Cambios de «Estado cambiado»' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Estadopendienteen curso',
      'Desglose del precioprecio.total_cents100200',
    ]);
    expect(change.getByText('Datos del evento')).toBeTruthy();
    expect(entries[1]!.querySelector('pre')?.textContent).toContain('"to": "en curso"');

    // Another stream's event changes nothing in the move and offers no state of its own.
    const other = within(entries[2]!);
    expect(other.queryByText(/cambio/)).toBeNull();
    expect(other.queryByRole('button', { name: 'Ver el estado tras este evento' })).toBeNull();
  });

  it('replays the state after a clicked entry, at its exact recording time, and marks the entry', async () => {
    const fetchMock = renderPage({
      'GET /api/auditoria/mudanza/12/estado?en=2026-05-04T10%3A00%3A00.250Z': () =>
        jsonResponse(stateAnswer('pendiente', 100)),
    });
    const timeline = within(await openMove());
    const first = timeline.getAllByRole('listitem')[0]!;
    fireEvent.click(within(first).getByRole('button', { name: 'Ver el estado tras este evento' }));
    const reflects = await screen.findByText(/Estado tras «Mudanza creada» \(posición 100, versión 1\)/);
    expect(reflects.textContent).toContain('1 de 2 eventos');
    expect(first.getAttribute('aria-current')).toBe('step');
    expect(screen.getByText('Pendiente', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/454,96/)).toBeTruthy();
    expect(fromLocalInput((screen.getByLabelText('Fecha y hora') as HTMLInputElement).value)).toBe(
      fromLocalInput(toLocalInput('2026-05-04T10:00:00.250Z')),
    );
    // Asking again without touching the input asks for the same exact instant.
    fireEvent.click(screen.getByRole('button', { name: 'Ver estado' }));
    await waitFor(() => expect(calls(fetchMock, '/api/auditoria/mudanza/12/estado')).toHaveLength(2));
    expect(new Set(calls(fetchMock, '/api/auditoria/mudanza/12/estado')).size).toBe(1);
  });

  it('asks for the end of the chosen second and shows the server’s Spanish error', async () => {
    const picked = '2026-05-04T09:00:00';
    const asked = encodeURIComponent(endOfSecond(fromLocalInput(picked)!));
    renderPage({
      [`GET /api/auditoria/mudanza/12/estado?en=${asked}`]: () =>
        jsonResponse({ success: false, error: 'La mudanza aún no existía en ese momento' }, 404),
    });
    await openMove();
    fireEvent.change(screen.getByLabelText('Fecha y hora'), { target: { value: picked } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver estado' }));
    expect((await screen.findByRole('alert')).textContent).toBe('La mudanza aún no existía en ese momento');

    fireEvent.change(screen.getByLabelText('Fecha y hora'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ver estado' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Indica una fecha y una hora.');
  });

  it('offers both exports as downloads of the selected move', async () => {
    renderPage();
    await openMove();
    const json = screen.getByRole('link', { name: 'Exportar JSON' });
    const csv = screen.getByRole('link', { name: 'Exportar CSV' });
    expect(json.getAttribute('href')).toBe('/api/auditoria/mudanza/12/historial.json');
    expect(csv.getAttribute('href')).toBe('/api/auditoria/mudanza/12/historial.csv');
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('opens the move named in the address and reloads its history when the live feed changes it', async () => {
    const fetchMock = renderPage({}, '/auditoria?mudanza=12');
    await screen.findByRole('list', { name: 'Eventos de la mudanza' });
    expect(screen.getByRole('heading', { name: 'Historial de la mudanza 12' })).toBeTruthy();
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 1 }));
    await waitFor(() =>
      expect(calls(fetchMock, '/api/auditoria/mudanza/12/historial').length).toBeGreaterThanOrEqual(2),
    );
    const before = calls(fetchMock, '/api/auditoria/mudanza/12/historial').length;
    act(() => FakeWebSocket.last().receive({ type: 'change', position: 300, kind: 'move', id: '13', data: {} }));
    act(() => FakeWebSocket.last().receive({ type: 'change', position: 301, kind: 'move', id: '12', data: {} }));
    await waitFor(() => expect(calls(fetchMock, '/api/auditoria/mudanza/12/historial')).toHaveLength(before + 1));
  });

  it('verifies the log: intact, the first broken link, and a server without the check yet', async () => {
    let answer = () => jsonResponse({ success: true, ok: true, verificados: 1234, pendientes: 2, primer_fallo: null });
    renderPage({ 'GET /api/verificar-registro': () => answer() });
    const button = screen.getByRole('button', { name: 'Verificar integridad del registro' });
    fireEvent.click(button);
    expect(await screen.findByText('Registro íntegro: 1234 eventos verificados (2 aún sin sellar).')).toBeTruthy();

    answer = () =>
      jsonResponse({
        success: true,
        ok: false,
        verificados: 41,
        pendientes: 0,
        primer_fallo: {
          position: 420001,
          stream_id: 'move-3',
          event_type: 'move.status_changed',
          motivo: 'El contenido no coincide con su huella',
        },
      });
    fireEvent.click(button);
    expect(
      await screen.findByText(
        'Registro alterado. Primer eslabón roto: posición 420001 (move-3, move.status_changed): El contenido no coincide con su huella',
      ),
    ).toBeTruthy();

    answer = () => jsonResponse({ success: false, error: 'Ruta no encontrada' }, 404);
    fireEvent.click(button);
    expect(
      await screen.findByText('La verificación del registro aún no está disponible en este servidor.'),
    ).toBeTruthy();
  });

  it('says so when the history cannot be read', async () => {
    renderPage({
      'GET /api/auditoria/mudanza/12/historial': () =>
        jsonResponse({ success: false, error: 'No tienes permiso para realizar esta acción' }, 403),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Mudanza 12/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('No tienes permiso para realizar esta acción');
  });
});

describe('audit helpers', () => {
  it('names fields in Spanish and values as text', () => {
    expect(fieldLabel('estado')).toBe('Estado');
    expect(fieldLabel('property_details.origin.floor')).toBe('Viviendas');
    expect(fieldLabel('photos[0]')).toBe('Fotos');
    expect(fieldLabel('desconocido')).toBe('desconocido');
    expect(valueText(null)).toBe('(vacío)');
    expect(valueText(true)).toBe('Sí');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });

  it('turns instants into local input values with seconds and back', () => {
    const iso = '2026-05-04T08:30:15.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('mañana')).toBeNull();
    expect(endOfSecond('2026-05-04T08:30:15.123Z')).toBe('2026-05-04T08:30:15.999Z');
  });
});

describe('a signature in the timeline', () => {
  it('is drawn from the PNG its event holds, and nothing else is', () => {
    const signed = event({
      posicion: 300,
      tipo: 'move.waybill_signed',
      datos: { imagen_png: 'iVBORw0KGgo=', nombre: 'Marta' },
    });
    expect(signatureImage(signed)).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(signatureImage({ ...signed, datos: { imagen_png: '"><script>' } })).toBeNull();
    expect(signatureImage(event({ posicion: 301, datos: { imagen_png: 'iVBORw0KGgo=' } }))).toBeNull();
  });
});

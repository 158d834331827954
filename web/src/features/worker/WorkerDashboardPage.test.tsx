import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMove } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeMove, makeUser, mockFetch } from '../../test/fixtures';
import { countsOf, serveMoveWindow } from '../../test/moveWindowServer';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { UPLOAD_ERROR } from './PhotoModal';
import { STATUS_ERROR } from './StatusModal';
import { useWorkerMovesStore } from './useWorkerMovesStore';
import { WorkerDashboardPage } from './WorkerDashboardPage';
import { addDays, companyToday } from '../../lib/calendar';
import { readMovesSnapshot } from '../../lib/crewDevice';
import { formatTime } from '../../lib/format';
import { cleanup } from '@testing-library/react';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('../../lib/browser');

const today = companyToday();
/** The signed-in worker: moves 1, 2, 6, 7 and 8 are assigned to him, the others are not. */
const JAVIER = '01920000-0000-7000-8000-00000000a001';
const mine = { workerId: JAVIER, worker: 'Javier Moreno' };

function seedMoves(): StaffMove[] {
  return [
    makeMove({ id: 1, estado: 'pendiente', fecha_programada: today, cliente_nombre: 'Marta Sánchez', ...mine }),
    makeMove({
      id: 2,
      estado: 'en curso',
      fecha_programada: today,
      cliente_nombre: 'Pablo Gil',
      urgencia: 'urgente',
      ...mine,
      services: {
        dismount: true,
        dismount_quantity: 2,
        packaging: false,
        packaging_quantity: 0,
        cleaning: true,
        fragile: false,
        long_stairs: false,
      },
      photos: [
        {
          id: 'f1',
          url: '/api/fotos/2/f1',
          descripcion: 'Salón antes',
          tipo: 'image/jpeg',
          fecha_subida: '2026-03-09T10:00:00Z',
        },
      ],
    }),
    makeMove({ id: 3, estado: 'finalizada', fecha_programada: today, cliente_nombre: 'Lucía Ortega' }),
    makeMove({ id: 4, estado: 'finalizada', fecha_programada: '2020-01-01', cliente_nombre: 'Ana Ruiz' }),
    makeMove({ id: 5, estado: 'confirmada', fecha_programada: '2099-01-01', cliente_nombre: 'Diego Prieto' }),
    makeMove({
      id: 6,
      estado: 'confirmada',
      fecha_programada: addDays(today, 3),
      cliente_nombre: 'Inés Vidal',
      ...mine,
    }),
    makeMove({ id: 7, estado: 'finalizada', fecha_programada: today, cliente_nombre: 'Raúl Peña', ...mine }),
    makeMove({ id: 8, estado: 'finalizada', fecha_programada: '2020-02-01', cliente_nombre: 'Eva Sanz', ...mine }),
  ];
}

const card = (id: number) => screen.getByRole('article', { name: `Mudanza ${id}` });
const shownIds = () => screen.queryAllByRole('article').map((a) => Number(a.getAttribute('aria-label')?.slice(8)));

function stat(label: string): string {
  const stats = within(screen.getByRole('region', { name: 'Resumen' }));
  const value = stats.getByText(label).nextElementSibling;
  return value?.textContent ?? '';
}

const windowCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/mudanzas'));

let server: StaffMove[] = [];

async function renderPage(moves: StaffMove[] = seedMoves(), extra: Parameters<typeof mockFetch>[0] = {}) {
  server = moves;
  const fetchMock = mockFetch({
    'GET /api/mudanzas*': serveMoveWindow(() => server, { callerId: JAVIER }),
    ...extra,
  });
  render(<WorkerDashboardPage />);
  await screen.findByRole('article', { name: 'Mudanza 1' }).catch(() => undefined);
  return fetchMock;
}

function receive(frame: object) {
  act(() => FakeWebSocket.last().receive(frame));
}

describe('WorkerDashboardPage', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({
      checking: false,
      user: makeUser({ id: JAVIER, role: 'empleado', nombre: 'Javier Moreno', username: 'EMP-001' }),
    });
    useWorkerMovesStore.getState().reset();
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    resetLive();
  });

  it("opens on the worker's own day: their moves from today on, today first, and their stats", async () => {
    const fetchMock = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel del trabajador' })).toBeTruthy();
    expect(screen.getByText('Sesión iniciada como Javier Moreno')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(screen.getByRole('tab', { name: 'Mis mudanzas' }).getAttribute('aria-selected')).toBe('true');
    // Never the whole list.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('todas-las-mudanzas'))).toBe(false);
    expect(windowCalls(fetchMock)).toContain(`/api/mudanzas?desde=${today}&trabajador=yo&orden=fecha&limite=50`);

    await waitFor(() => expect(shownIds()).toEqual([1, 2, 7, 6]));
    expect(stat('Mis mudanzas')).toBe('5');
    expect(stat('Pendientes')).toBe('1');
    expect(stat('En Progreso')).toBe('1');
    expect(stat('Completadas hoy')).toBe('1');

    const second = within(card(2));
    expect(second.getByRole('heading', { name: 'Pablo Gil' })).toBeTruthy();
    expect(second.getByText('En Progreso')).toBeTruthy();
    expect(second.getByText('Urgente')).toBeTruthy();
    expect(second.getByText('Desmontaje ×2')).toBeTruthy();
    expect(second.getByText('Limpieza')).toBeTruthy();
    expect(second.getByText('Javier Moreno')).toBeTruthy();
    expect(second.getByText('Calle de Alcalá 100, Madrid')).toBeTruthy();
    expect(second.getByText('Mañana (8:00-12:00)')).toBeTruthy();
    expect(second.getByRole('button', { name: 'Ver fotos (1)' })).toBeTruthy();
    expect(within(card(6)).getByText('Confirmada')).toBeTruthy();
    expect(within(card(7)).getByText('Completada')).toBeTruthy();

    expect(screen.getByText('Conectando…')).toBeTruthy();
    receive({ type: 'hello', position: 1, role: 'empleado' });
    expect(screen.getByText('En directo')).toBeTruthy();
  });

  it('filters its moves by status, confirmed included, with the counts on the buttons', async () => {
    await renderPage();
    await waitFor(() => expect(shownIds()).toHaveLength(4));
    const filters = within(screen.getByRole('group', { name: 'Filtrar por estado' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Todas5',
      'Pendientes1',
      'Confirmadas1',
      'En Progreso1',
      'Completadas2',
      'Canceladas0',
    ]);

    fireEvent.click(filters.getByRole('button', { name: 'Confirmadas' }));
    await waitFor(() => expect(shownIds()).toEqual([6]));
    expect(filters.getByRole('button', { name: 'Confirmadas' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(filters.getByRole('button', { name: 'Pendientes' }));
    await waitFor(() => expect(shownIds()).toEqual([1]));
    fireEvent.click(filters.getByRole('button', { name: 'Completadas' }));
    await waitFor(() => expect(shownIds()).toEqual([7]));
    fireEvent.click(filters.getByRole('button', { name: 'Canceladas' }));
    expect(await screen.findByText('No hay mudanzas con este estado.')).toBeTruthy();
    fireEvent.click(filters.getByRole('button', { name: 'Todas' }));
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 7, 6]));
  });

  it('searches every move on the other tab: by number exactly, and by a name without its accents', async () => {
    const fetchMock = await renderPage();
    fireEvent.click(screen.getByRole('tab', { name: 'Todas las mudanzas' }));
    // Upcoming and recent, anyone's: not the old ones.
    await waitFor(() => expect(shownIds()).toEqual([1, 2, 3, 7, 6, 5]));
    expect(within(card(3)).getByText('No está asignada a ti: solo puedes consultarla.')).toBeTruthy();
    expect(within(card(3)).queryByRole('button', { name: 'Cambiar estado' })).toBeNull();
    expect(within(card(3)).queryByRole('button', { name: 'Subir foto' })).toBeNull();
    // Its photos are there to see, without an upload tab.
    fireEvent.click(within(card(3)).getByRole('button', { name: /Ver fotos/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    expect(dialog.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ver fotos (0)']);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));

    const search = screen.getByRole('searchbox', { name: 'Buscar mudanza' });
    fireEvent.change(search, { target: { value: '4' } });
    await waitFor(() => expect(shownIds()).toEqual([4]));
    expect(windowCalls(fetchMock)).toContain('/api/mudanzas?q=4&vista=todas&orden=fecha&limite=50');
    fireEvent.change(search, { target: { value: 'lucia ORTEGA' } });
    await waitFor(() => expect(shownIds()).toEqual([3]));
    fireEvent.change(search, { target: { value: 'Zacarías' } });
    expect(await screen.findByText('Ninguna mudanza coincide con la búsqueda.')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(shownIds()).toHaveLength(6));
  });

  it("'Cargar más' reads the next page of a long list", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      makeMove({ id: i + 1, estado: 'pendiente', fecha_programada: addDays(today, i % 20), ...mine }),
    );
    const fetchMock = await renderPage(many);
    await waitFor(() => expect(shownIds()).toHaveLength(50));
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(shownIds()).toHaveLength(60));
    expect(new Set(shownIds()).size).toBe(60);
    expect(windowCalls(fetchMock).some((url) => url.includes('cursor=50'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
  });

  it('merges live changes into the window without a reload: in, out, updated; counts follow', async () => {
    const fetchMock = await renderPage();
    await waitFor(() => expect(shownIds()).toHaveLength(4));
    receive({ type: 'hello', position: 9_000_000_000_000, role: 'empleado' });
    // A fresh connection reloads the first pages once, in case something changed before it opened.
    await waitFor(() => expect(windowCalls(fetchMock)).toHaveLength(6));
    const before = fetchMock.mock.calls.length;

    fireEvent.click(
      within(screen.getByRole('group', { name: 'Filtrar por estado' })).getByRole('button', { name: 'Confirmadas' }),
    );
    await waitFor(() => expect(shownIds()).toEqual([6]));
    const requests = fetchMock.mock.calls.length;

    // Move 1 is confirmed by the manager: it enters the filtered window, at its place.
    const confirmed = { ...seedMoves()[0]!, estado: 'confirmada' as const, version: 2 };
    receive({ type: 'change', position: 9_000_000_000_001, kind: 'move', id: '1', data: confirmed });
    expect(shownIds()).toEqual([1, 6]);
    const counts = { ...countsOf(seedMoves().filter((m) => m.workerId === JAVIER)), pendiente: 0, confirmada: 2 };
    receive({ type: 'change', position: 9_000_000_000_002, kind: 'move_counts', id: JAVIER, data: counts });
    expect(stat('Pendientes')).toBe('0');
    expect(
      within(screen.getByRole('group', { name: 'Filtrar por estado' })).getByRole('button', { name: 'Confirmadas' })
        .textContent,
    ).toBe('Confirmadas2');
    // Another worker's counts are not this one's.
    receive({ type: 'change', position: 9_000_000_000_003, kind: 'move_counts', id: 'otro', data: countsOf([]) });
    expect(stat('Mis mudanzas')).toBe('5');

    // Started: it leaves the confirmed ones.
    const started = { ...confirmed, estado: 'en curso' as const, version: 3 };
    receive({ type: 'change', position: 9_000_000_000_004, kind: 'move', id: '1', data: started });
    expect(shownIds()).toEqual([6]);

    // Finished today: 'Completadas hoy' counts it.
    const finished = { ...seedMoves()[1]!, estado: 'finalizada' as const, version: 3 };
    receive({ type: 'change', position: 9_000_000_000_005, kind: 'move', id: '2', data: finished });
    expect(stat('Completadas hoy')).toBe('2');

    // Other kinds are not moves; nothing was read again.
    receive({ type: 'change', position: 9_000_000_000_010, kind: 'quote', id: 'q1', data: { id: 7 } });
    expect(shownIds()).toEqual([6]);
    expect(fetchMock.mock.calls.length).toBe(requests);
    expect(requests).toBe(before + 1);
  });

  it('reloads the first pages when the feed asks for a resync', async () => {
    const fetchMock = await renderPage();
    receive({ type: 'hello', position: 10, role: 'empleado' });
    await waitFor(() => expect(windowCalls(fetchMock)).toHaveLength(6));
    receive({ type: 'resync', position: 90_000 });
    await waitFor(() => expect(windowCalls(fetchMock)).toHaveLength(9));
  });

  it('logs a load failure and says so (§8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/mudanzas*': () => Promise.reject(new TypeError('Failed to fetch')) });
    render(<WorkerDashboardPage />);
    expect(await screen.findByText('No se pudieron cargar las mudanzas. Inténtalo de nuevo.')).toBeTruthy();
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    expect(error).toHaveBeenCalled();
    expect(stat('Mis mudanzas')).toBe('…');
  });

  it('changes a status through the modal, offering the four statuses a worker may set', async () => {
    const fetchMock = await renderPage(seedMoves(), {
      'PUT /api/actualizar-estado-mudanza': (init) => {
        const body = JSON.parse(String(init?.body));
        const updated = { ...seedMoves()[0]!, estado: body.nuevo_estado, version: 2 };
        return jsonResponse({ success: true, position: 77, mudanza: updated });
      },
    });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cambiar estado' }));
    expect(dialog.getAllByRole('radio').map((r) => (r as HTMLInputElement).value)).toEqual([
      'pendiente',
      'en curso',
      'finalizada',
      'cancelada',
    ]);
    expect((dialog.getByRole('radio', { name: /Pendiente/ }) as HTMLInputElement).checked).toBe(true);
    const save = dialog.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(dialog.getByRole('radio', { name: 'En Progreso' }));
    await act(async () => fireEvent.click(save));

    // Queued on the device, shown at once, then sent with its key and the device's time.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card(1)).getByText('En Progreso')).toBeTruthy();
    await waitFor(() => expect(within(card(1)).queryByText('pendiente de enviar')).toBeNull());
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ mudanza_id: 1, nuevo_estado: 'en curso' });
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(headers.get('Occurred-At') ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(within(card(1)).getByText('En Progreso')).toBeTruthy();
    expect(showAlert).not.toHaveBeenCalled();
  });

  it("shows a change the server refuses with its reason until the worker says 'Entendido'", async () => {
    await renderPage(seedMoves(), {
      'PUT /api/actualizar-estado-mudanza': () =>
        jsonResponse({ success: false, error: 'La mudanza está cancelada: este cambio ya no se aplica.' }, 409),
    });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cambiar estado' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Completada' }));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Guardar' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const refused = await screen.findByRole('region', { name: 'Cambios no aplicados' });
    expect(within(refused).getByText('Mudanza #1 · Estado: Completada')).toBeTruthy();
    expect(within(refused).getByText('La mudanza está cancelada: este cambio ya no se aplica.')).toBeTruthy();
    // The card is the server's again.
    expect(within(card(1)).getByText('Pendiente')).toBeTruthy();
    expect(within(card(1)).queryByText('pendiente de enviar')).toBeNull();
    expect(showAlert).not.toHaveBeenCalled();

    fireEvent.click(within(refused).getByRole('button', { name: 'Entendido' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cambios no aplicados' })).toBeNull());
  });

  it('alerts and keeps the dialog open when not even the device can keep the change', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage();
    vi.stubGlobal('indexedDB', undefined);
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Cambiar estado' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cambiar estado' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Cancelada' }));
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Guardar' })));
    expect(showAlert).toHaveBeenCalledWith('Error al actualizar el estado. Por favor, inténtalo de nuevo.');
    expect(STATUS_ERROR).toBe('Error al actualizar el estado. Por favor, inténtalo de nuevo.');
    expect(screen.getByRole('dialog', { name: 'Cambiar estado' })).toBeTruthy();
    expect(within(card(1)).getByText('Pendiente')).toBeTruthy();
  });

  it('uploads an image with its description as multipart and then shows it', async () => {
    const fetchMock = await renderPage(seedMoves(), {
      'POST /api/subir-foto': () =>
        jsonResponse({
          success: true,
          foto: {
            id: 'f9',
            url: '/api/fotos/1/f9',
            descripcion: 'Cocina embalada',
            tipo: 'image/png',
            fecha_subida: '2026-03-09T11:00:00Z',
          },
        }),
    });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Subir foto' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    const upload = dialog.getByRole('button', { name: 'Subir foto' }) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);

    const input = dialog.getByLabelText('Foto') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'contrato.pdf', { type: 'application/pdf' })] } });
    expect(dialog.getByRole('alert').textContent).toBe('Solo se pueden subir imágenes.');
    expect(upload.disabled).toBe(true);

    const huge = new File(['png'], 'enorme.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 10 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(dialog.getByRole('alert').textContent).toBe('La foto supera el tamaño máximo de 10 MB.');
    expect(upload.disabled).toBe(true);

    const image = new File(['png'], 'cocina.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [image] } });
    fireEvent.change(dialog.getByLabelText('Descripción (opcional)'), { target: { value: ' Cocina embalada ' } });
    await act(async () => fireEvent.click(upload));
    await waitFor(() =>
      expect(dialog.getByRole('tab', { name: 'Ver fotos (1)' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(dialog.getByRole('img', { name: 'Cocina embalada' })).toBeTruthy();

    await waitFor(() => expect(dialog.queryByText('Pendiente de enviar')).toBeNull());
    const [path, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(path).toBe('/api/subir-foto');
    expect(init?.credentials).toBe('include');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('foto') as File).name).toBe('cocina.png');
    expect(form.get('mudanza_id')).toBe('1');
    expect(form.get('descripcion')).toBe('Cocina embalada');
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();

    expect(dialog.getByRole('tab', { name: 'Ver fotos (1)' }).getAttribute('aria-selected')).toBe('true');
    expect((dialog.getByRole('img', { name: 'Cocina embalada' }) as HTMLImageElement).getAttribute('src')).toBe(
      '/api/fotos/1/f9',
    );
    expect(within(card(1)).getByRole('button', { name: 'Ver fotos (1)' })).toBeTruthy();
  });

  it('lists a photo the server refuses with its reason', async () => {
    await renderPage(seedMoves(), {
      'POST /api/subir-foto': () => jsonResponse({ success: false, error: 'Archivo demasiado grande' }, 413),
    });
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Subir foto' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    fireEvent.change(dialog.getByLabelText('Foto'), {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    });
    fireEvent.change(dialog.getByLabelText('Descripción (opcional)'), { target: { value: 'Pasillo' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Subir foto' })));
    const refused = await screen.findByRole('region', { name: 'Cambios no aplicados' });
    expect(within(refused).getByText('Mudanza #1 · Foto: Pasillo')).toBeTruthy();
    expect(within(refused).getByText('Archivo demasiado grande')).toBeTruthy();
    expect(dialog.getByRole('tab', { name: 'Ver fotos (0)' })).toBeTruthy();
    expect(showAlert).not.toHaveBeenCalled();
  });

  it('alerts when not even the device can keep the photo', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderPage();
    vi.stubGlobal('indexedDB', undefined);
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Subir foto' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    fireEvent.change(dialog.getByLabelText('Foto'), {
      target: { files: [new File(['png'], 'a.png', { type: 'image/png' })] },
    });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Subir foto' })));
    expect(showAlert).toHaveBeenCalledWith(UPLOAD_ERROR);
    expect(UPLOAD_ERROR).toBe('Error al subir la foto. Por favor, inténtalo de nuevo.');
  });

  it("shows the move's photos and 'Error al cargar imagen' for one that fails", async () => {
    await renderPage();
    fireEvent.click(within(card(2)).getByRole('button', { name: 'Ver fotos (1)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    const img = dialog.getByRole('img', { name: 'Salón antes' }) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/fotos/2/f1');
    fireEvent.error(img);
    expect(dialog.getByText('Error al cargar imagen')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(within(card(1)).getByRole('button', { name: 'Ver fotos (0)' }));
    expect(screen.getByText('Todavía no hay fotos de esta mudanza.')).toBeTruthy();
  });

  describe('offline (issue 21)', () => {
    const offline = () => Promise.reject(new TypeError('Failed to fetch'));

    /** The page once online, long enough for the device to keep its list; then gone. */
    async function visitOnline() {
      await renderPage();
      await waitFor(() => expect(shownIds()).toEqual([1, 2, 7, 6]));
      await waitFor(async () => expect(await readMovesSnapshot(JAVIER)).toBeDefined(), { timeout: 3000 });
      const saved = (await readMovesSnapshot(JAVIER))!;
      cleanup();
      useWorkerMovesStore.getState().reset();
      return saved;
    }

    it("shows the worker's last list when the page opens with no network, and says from when", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const saved = await visitOnline();
      expect(saved.moves.map((m) => m.id)).toEqual([1, 2, 7, 6]);

      mockFetch({ 'GET /api/mudanzas*': offline });
      render(<WorkerDashboardPage />);
      await waitFor(() => expect(shownIds()).toEqual([1, 2, 7, 6]));
      const banner = screen.getByRole('status', { name: 'Envío de cambios' });
      const time = formatTime(saved.savedAt);
      expect(banner.textContent).toBe(`Sin conexión: datos de ${time.startsWith('1:') ? 'la' : 'las'} ${time}`);
      expect(screen.queryByText('No se pudieron cargar las mudanzas. Inténtalo de nuevo.')).toBeNull();
      expect(stat('Mis mudanzas')).toBe('5');
      expect(stat('Completadas hoy')).toBe('1');
    });

    it('queues changes with no network, counts them, shows them on the card, and sends them once back online', async () => {
      let online = false;
      const sent: string[] = [];
      mockFetch({
        'GET /api/mudanzas*': serveMoveWindow(() => seedMoves(), { callerId: JAVIER }),
        'POST /api/mudanza/6/hito': (init) => {
          if (!online) throw new TypeError('Failed to fetch');
          sent.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
          return jsonResponse({
            success: true,
            position: 5,
            mudanza: {
              ...seedMoves()[5]!,
              estado: 'en curso',
              version: 3,
              hitos: [{ hito: 'en_camino', fecha: '2026-12-04T10:00:00Z' }],
            },
          });
        },
        'PUT /api/actualizar-estado-mudanza': (init) => {
          if (!online) throw new TypeError('Failed to fetch');
          sent.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
          return jsonResponse({
            success: true,
            position: 6,
            mudanza: { ...seedMoves()[0]!, estado: 'en curso', version: 2 },
          });
        },
      });
      render(<WorkerDashboardPage />);
      await waitFor(() => expect(shownIds()).toEqual([1, 2, 7, 6]));

      // Confirmed move 6: leaving for the origin starts it, as the server will.
      fireEvent.click(within(card(6)).getByRole('button', { name: 'Registrar: En camino' }));
      await within(card(6)).findByRole('button', { name: 'Registrar: Llegada al origen' });
      expect(within(card(6)).getByText('En Progreso')).toBeTruthy();
      expect(within(card(6)).getByText('pendiente de enviar')).toBeTruthy();
      expect(within(card(6)).getByText('Hito: En camino')).toBeTruthy();
      await waitFor(() => expect(screen.getByText('Sin conexión')).toBeTruthy());
      expect(screen.getByText('1 cambio sin enviar')).toBeTruthy();

      fireEvent.click(within(card(1)).getByRole('button', { name: 'Cambiar estado' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Cambiar estado' }));
      fireEvent.click(dialog.getByRole('radio', { name: 'En Progreso' }));
      await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Guardar' })));
      await screen.findByText('2 cambios sin enviar');
      expect(within(card(1)).getByText('Estado: En Progreso')).toBeTruthy();

      online = true;
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(sent).toHaveLength(2));
      await waitFor(() => expect(screen.queryByText(/sin enviar/)).toBeNull());
      expect(new Set(sent).size).toBe(2);
      expect(within(card(6)).getByText('En Progreso')).toBeTruthy();
      expect(within(card(6)).queryByText('pendiente de enviar')).toBeNull();
      expect(within(card(1)).getByText('En Progreso')).toBeTruthy();
    });

    it('asks the worker to sign in again when the server answers 401, keeping the change', async () => {
      await renderPage(seedMoves(), {
        'PUT /api/actualizar-estado-mudanza': () => jsonResponse({ success: false, error: 'No autenticado' }, 401),
      });
      fireEvent.click(within(card(1)).getByRole('button', { name: 'Cambiar estado' }));
      const dialog = within(screen.getByRole('dialog', { name: 'Cambiar estado' }));
      fireEvent.click(dialog.getByRole('radio', { name: 'Cancelada' }));
      await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Guardar' })));
      await screen.findByText('Inicia sesión de nuevo para enviar los cambios pendientes');
      expect(screen.getByText('1 cambio sin enviar')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/acceso-gerencia');
      expect(within(card(1)).getByText('Cancelada')).toBeTruthy();
    });
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffMove } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeMove, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { localToday } from '../../lib/staffMoves';
import { UPLOAD_ERROR } from './PhotoModal';
import { STATUS_ERROR } from './StatusModal';
import { useWorkerMovesStore } from './useWorkerMovesStore';
import { WorkerDashboardPage } from './WorkerDashboardPage';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('../../lib/browser');

const today = localToday();
/** The signed-in worker: moves 1 and 2 are assigned to him, the others are not. */
const JAVIER = '01920000-0000-7000-8000-00000000a001';

function seedMoves(): StaffMove[] {
  return [
    makeMove({
      id: 1,
      estado: 'pendiente',
      fecha_programada: today,
      cliente_nombre: 'Marta Sánchez',
      workerId: JAVIER,
      worker: 'Javier Moreno',
    }),
    makeMove({
      id: 2,
      estado: 'en curso',
      fecha_programada: today,
      cliente_nombre: 'Pablo Gil',
      urgencia: 'urgente',
      workerId: JAVIER,
      worker: 'Javier Moreno',
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
  ];
}

const card = (id: number) => screen.getByRole('article', { name: `Mudanza ${id}` });

function stat(label: string): string {
  const stats = within(screen.getByRole('region', { name: 'Resumen' }));
  const value = stats.getByText(label).nextElementSibling;
  return value?.textContent ?? '';
}

async function renderPage(moves: StaffMove[] = seedMoves(), extra: Parameters<typeof mockFetch>[0] = {}) {
  const fetchMock = mockFetch({ 'GET /api/todas-las-mudanzas': () => jsonResponse(moves), ...extra });
  render(<WorkerDashboardPage />);
  await screen.findByRole('article', { name: `Mudanza ${moves[0]?.id ?? 0}` }).catch(() => undefined);
  return fetchMock;
}

describe('WorkerDashboardPage', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({
      checking: false,
      user: makeUser({ id: JAVIER, role: 'empleado', nombre: 'Javier Moreno', username: 'EMP-001' }),
    });
    useWorkerMovesStore.setState(useWorkerMovesStore.getInitialState());
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    resetLive();
  });

  it('shows the title, the session, the live pill, the stats and a card per move', async () => {
    const fetchMock = await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Panel del trabajador' })).toBeTruthy();
    expect(screen.getByText('Sesión iniciada como Javier Moreno')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');

    expect(stat('Total de mudanzas')).toBe('5');
    expect(stat('Pendientes')).toBe('1');
    expect(stat('En Progreso')).toBe('1');
    expect(stat('Completadas hoy')).toBe('1');
    expect(screen.getAllByRole('article')).toHaveLength(5);

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
    expect(within(card(3)).getByText('Sin asignar')).toBeTruthy();
    expect(within(card(5)).getByText('Confirmada')).toBeTruthy();
    expect(within(card(3)).getByText('Completada')).toBeTruthy();

    expect(screen.getByText('Conectando…')).toBeTruthy();
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 1, role: 'empleado' }));
    expect(screen.getByText('En directo')).toBeTruthy();
  });

  it('offers the status change and the upload only on the moves assigned to the worker', async () => {
    await renderPage();
    for (const id of [1, 2]) {
      const mine = within(card(id));
      expect(mine.getByRole('button', { name: 'Cambiar estado' })).toBeTruthy();
      expect(mine.getByRole('button', { name: 'Subir foto' })).toBeTruthy();
      expect(mine.queryByText(/No está asignada a ti/)).toBeNull();
    }
    for (const id of [3, 4, 5]) {
      const other = within(card(id));
      expect(other.queryByRole('button', { name: 'Cambiar estado' })).toBeNull();
      expect(other.queryByRole('button', { name: 'Subir foto' })).toBeNull();
      expect(other.getByText('No está asignada a ti: solo puedes consultarla.')).toBeTruthy();
    }
    // Its photos are there to see, without an upload tab.
    fireEvent.click(within(card(3)).getByRole('button', { name: /Ver fotos/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Fotos de la mudanza' }));
    expect(dialog.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Ver fotos (0)']);
  });

  it('filters by status', async () => {
    await renderPage();
    const filters = within(screen.getByRole('group', { name: 'Filtrar por estado' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Todas',
      'Pendientes',
      'En Progreso',
      'Completadas',
    ]);
    const ids = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));

    fireEvent.click(filters.getByRole('button', { name: 'Pendientes' }));
    expect(filters.getByRole('button', { name: 'Pendientes' }).getAttribute('aria-pressed')).toBe('true');
    expect(ids()).toEqual(['Mudanza 1']);
    fireEvent.click(filters.getByRole('button', { name: 'En Progreso' }));
    expect(ids()).toEqual(['Mudanza 2']);
    fireEvent.click(filters.getByRole('button', { name: 'Completadas' }));
    expect(ids()).toEqual(['Mudanza 4', 'Mudanza 3']);
    fireEvent.click(filters.getByRole('button', { name: 'Todas' }));
    expect(ids()).toHaveLength(5);
  });

  it('applies live changes without a reload: replaced by id, new ones added, stats follow', async () => {
    const fetchMock = await renderPage();
    const ws = FakeWebSocket.last();
    expect(ws.url).toMatch(/^ws:\/\/.+\/api\/live$/);
    act(() => ws.receive({ type: 'hello', position: 9_000_000_000_000, role: 'empleado' }));
    // A fresh connection reloads once, in case something changed before it opened.
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));

    const finished = makeMove({
      id: 2,
      estado: 'finalizada',
      fecha_programada: today,
      cliente_nombre: 'Pablo Gil',
      version: 3,
    });
    act(() => ws.receive({ type: 'change', position: 9_000_000_000_005, kind: 'move', id: '2', data: finished }));
    expect(within(card(2)).getByText('Completada')).toBeTruthy();
    expect(stat('En Progreso')).toBe('0');
    expect(stat('Completadas hoy')).toBe('2');

    const created = makeMove({ id: 6, estado: 'pendiente', fecha_programada: today, cliente_nombre: 'Nuevo Cliente' });
    act(() => ws.receive({ type: 'change', position: 9_000_000_000_009, kind: 'move', id: '6', data: created }));
    expect(within(card(6)).getByRole('heading', { name: 'Nuevo Cliente' })).toBeTruthy();
    expect(stat('Total de mudanzas')).toBe('6');
    expect(stat('Pendientes')).toBe('2');

    // Other kinds are not moves.
    act(() => ws.receive({ type: 'change', position: 9_000_000_000_010, kind: 'quote', id: 'q1', data: { id: 7 } }));
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('reloads the list when the feed asks for a resync', async () => {
    const fetchMock = await renderPage();
    const ws = FakeWebSocket.last();
    act(() => ws.receive({ type: 'hello', position: 10, role: 'empleado' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    act(() => ws.receive({ type: 'resync', position: 90_000 }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
  });

  it('logs a load failure and shows an empty list (§8)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/todas-las-mudanzas': () => jsonResponse({ success: false, error: 'No' }, 500) });
    render(<WorkerDashboardPage />);
    expect(await screen.findByText('No hay mudanzas.')).toBeTruthy();
    expect(error).toHaveBeenCalled();
    expect(stat('Total de mudanzas')).toBe('0');
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

    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ mudanza_id: 1, nuevo_estado: 'en curso' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card(1)).getByText('En Progreso')).toBeTruthy();
    expect(stat('En Progreso')).toBe('2');
    expect(showAlert).not.toHaveBeenCalled();
  });

  it('alerts when the status change fails and keeps the dialog open', async () => {
    await renderPage(seedMoves(), {
      'PUT /api/actualizar-estado-mudanza': () =>
        jsonResponse({ success: false, error: 'No tienes permiso para realizar esta acción' }, 403),
    });
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

    const [path, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(path).toBe('/api/subir-foto');
    expect(init?.credentials).toBe('include');
    const form = init?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('foto') as File).name).toBe('cocina.png');
    expect(form.get('mudanza_id')).toBe('1');
    expect(form.get('descripcion')).toBe('Cocina embalada');
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();

    expect(dialog.getByRole('tab', { name: 'Ver fotos (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(dialog.getByRole('img', { name: 'Cocina embalada' })).toBeTruthy();
    expect(within(card(1)).getByRole('button', { name: 'Ver fotos (1)' })).toBeTruthy();
  });

  it('alerts when the upload fails', async () => {
    await renderPage(seedMoves(), {
      'POST /api/subir-foto': () => jsonResponse({ success: false, error: 'Archivo demasiado grande' }, 413),
    });
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
});

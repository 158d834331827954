import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoggedEvent, ProjectionStatus, RebuildStatus, StaffAccount } from '../../lib/api';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { AdminDashboardPage } from './AdminDashboardPage';
import { PROGRESS_REFRESH_MS } from './ProjectionsPanel';

const admin = makeUser({ role: 'admin', id: 'admin-1', nombre: 'Carmen Vidal' });

function staff(overrides: Partial<StaffAccount> & { id: string }): StaffAccount {
  return {
    rol: 'empleado',
    nombre: 'Javier Moreno',
    usuario: 'EMP-001',
    email: 'javier@mudanzas.test',
    activa: true,
    creada_en: '2026-01-10T09:00:00Z',
    desactivada_en: null,
    mudanzas_pendientes: 0,
    ...overrides,
  };
}

const STAFF = [
  staff({ id: 'admin-1', rol: 'admin', nombre: 'Carmen Vidal', usuario: null, email: 'admin@mudanzas.test' }),
  staff({ id: 'w1', mudanzas_pendientes: 2 }),
];

function projection(overrides: Partial<ProjectionStatus> & { nombre: string }): ProjectionStatus {
  return {
    tablas: ['t'],
    posicion: 1000,
    eventos_pendientes: 0,
    retraso_segundos: 0,
    ultimo_error: null,
    actualizada_en: '2026-03-01T10:00:00Z',
    en_marcha: true,
    ...overrides,
  };
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminDashboardPage />
    </MemoryRouter>,
  );
}

function body(init: RequestInit | undefined) {
  return JSON.parse(String(init?.body ?? 'null'));
}

describe('Panel de administración (/admin)', () => {
  beforeEach(() => {
    useAuthStore.setState({ user: admin, checking: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('opens on Personal and lists staff accounts; the admin cannot deactivate themselves', async () => {
    mockFetch({ 'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }) });
    renderAt('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Personal' }).getAttribute('aria-selected')).toBe('true');
    const table = await screen.findByRole('table', { name: 'Cuentas de personal' });
    expect(within(table).getByText('EMP-001')).toBeTruthy();
    expect(within(table).getByText('Trabajador')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Desactivar a Carmen Vidal' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Desactivar a Javier Moreno' })).toHaveProperty('disabled', false);
  });

  it('checks the new account form before sending, and shows the server’s error on its field', async () => {
    const calls: unknown[] = [];
    mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }),
      'POST /api/admin/personal': (init) => {
        calls.push(body(init));
        return jsonResponse({ success: false, error: 'Ya existe una cuenta con ese email', field: 'email' }, 400);
      },
    });
    renderAt('/admin');
    await screen.findByRole('table', { name: 'Cuentas de personal' });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(screen.getByText('El nombre completo es requerido')).toBeTruthy();
    expect(screen.getByLabelText(/Nombre completo/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Nombre completo/), { target: { value: 'Rosa Díaz' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'javier@mudanzas.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generar' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    });
    expect(calls).toEqual([
      expect.objectContaining({ rol: 'empleado', nombre: 'Rosa Díaz', email: 'javier@mudanzas.test', usuario: '' }),
    ]);
    expect(await screen.findByText('Ya existe una cuenta con ese email')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a worker and tells the admin their login', async () => {
    const created = staff({ id: 'w3', nombre: 'Rosa Díaz', usuario: 'EMP-003', email: 'rosa@mudanzas.test' });
    mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }),
      'POST /api/admin/personal': () => jsonResponse({ success: true, cuenta: created }, 201),
    });
    renderAt('/admin');
    await screen.findByRole('table', { name: 'Cuentas de personal' });
    fireEvent.change(screen.getByLabelText(/Nombre completo/), { target: { value: 'Rosa Díaz' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'rosa@mudanzas.test' } });
    fireEvent.change(screen.getByLabelText(/Contraseña inicial/), { target: { value: 'Mudanza#2026' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    });
    expect(await screen.findByText(/entra con el número de empleado EMP-003/)).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Cuentas de personal' })).getByText('Rosa Díaz')).toBeTruthy();
    expect((screen.getByLabelText(/Nombre completo/) as HTMLInputElement).value).toBe('');
  });

  it('deactivates after confirmation, warning about the worker’s pending moves', async () => {
    const deactivated = staff({
      id: 'w1',
      activa: false,
      desactivada_en: '2026-03-01T10:00:00Z',
      mudanzas_pendientes: 2,
    });
    const fetchMock = mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }),
      'POST /api/admin/personal/w1/desactivar': () => jsonResponse({ success: true, cuenta: deactivated }),
    });
    renderAt('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar a Javier Moreno' }));
    const dialog = screen.getByRole('dialog', { name: 'Desactivar cuenta' });
    expect(within(dialog).getByText(/2 mudanzas asignadas/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'Desactivar a Javier Moreno' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Desactivar' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/ya no puede iniciar sesión/)).toBeTruthy();
    expect(screen.getByText('Desactivada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reactivar a Javier Moreno' })).toBeTruthy();
  });

  it('shows a reset password once, in a dialog', async () => {
    mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }),
      'POST /api/admin/personal/w1/restablecer-password': () =>
        jsonResponse({ success: true, password_temporal: 'Abcd-Efg2-Hjk3' }),
    });
    renderAt('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Restablecer contraseña de Javier Moreno' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Restablecer' }));
    });
    const shown = screen.getByRole('dialog', { name: 'Contraseña temporal' });
    expect(within(shown).getByText('Abcd-Efg2-Hjk3')).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Hecho' }));
    expect(screen.queryByText('Abcd-Efg2-Hjk3')).toBeNull();
    expect(screen.getByText(/Contraseña de Javier Moreno restablecida/)).toBeTruthy();
  });

  it('says so when the session has expired', async () => {
    mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: false, error: 'No has iniciado sesión' }, 401),
    });
    renderAt('/admin');
    expect(await screen.findByText('Tu sesión ha caducado. Vuelve a iniciar sesión.')).toBeTruthy();
  });

  it('shows each projector’s lag and error, and a rebuild’s progress until it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let rebuild: RebuildStatus | null = null;
    const list = [
      projection({ nombre: 'moves' }),
      projection({ nombre: 'analytics', eventos_pendientes: 12, retraso_segundos: 185 }),
      projection({ nombre: 'documents', ultimo_error: 'event at position 7 cannot be projected' }),
    ];
    const progress = [
      { fase: 'reproduciendo', procesados: 500, total: 2000 },
      { fase: 'guardando', procesados: 2000, total: 2000 },
      { fase: 'terminada', procesados: 2000, total: 2000, terminada_en: '2026-03-01T10:00:05Z', posicion: 1000 },
    ] as const;
    let step = 0;
    const base = {
      proyeccion: 'moves',
      iniciada_en: '2026-03-01T10:00:00Z',
      terminada_en: null,
      posicion: null,
      error: null,
    };
    mockFetch({
      'GET /api/admin/proyecciones': () =>
        jsonResponse({ success: true, cabeza: 1000, proyecciones: list, reconstruccion: rebuild }),
      'POST /api/admin/proyecciones/moves/reconstruir': () => {
        rebuild = { ...base, fase: 'esperando', procesados: 0, total: 0 };
        return jsonResponse({ success: true, reconstruccion: rebuild }, 202);
      },
      'GET /api/admin/reconstruccion': () => {
        const next = progress[Math.min(step, progress.length - 1)] ?? progress[2];
        rebuild = { ...base, ...next };
        step += 1;
        return jsonResponse({ success: true, reconstruccion: rebuild });
      },
    });
    renderAt('/admin?tab=proyecciones');
    await act(() => vi.advanceTimersByTimeAsync(0));
    const table = screen.getByRole('table', { name: 'Estado de las proyecciones' });
    expect(within(table).getByText('3 min 5 s')).toBeTruthy();
    expect(within(table).getByText('Poniéndose al día')).toBeTruthy();
    expect(within(table).getByText('event at position 7 cannot be projected')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Reconstruir moves' }));
    });
    const bar = () => screen.getByRole('progressbar', { name: 'Progreso de la reconstrucción de moves' });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Reconstruir analytics' })).toHaveProperty('disabled', true);
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS));
    expect(bar().getAttribute('aria-valuenow')).toBe('25');
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS));
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('Guardando', { exact: false })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS));
    expect(screen.getByText(/Terminada/)).toBeTruthy();
    // Finished: polling stops and the buttons come back.
    const polled = step;
    await act(() => vi.advanceTimersByTimeAsync(PROGRESS_REFRESH_MS * 5));
    expect(step).toBe(polled);
    expect(screen.getByRole('button', { name: 'Reconstruir analytics' })).toHaveProperty('disabled', false);
  });

  it('lists the events a projector could not apply and skipped', async () => {
    mockFetch({
      'GET /api/admin/proyecciones': () =>
        jsonResponse({
          success: true,
          cabeza: 1000,
          proyecciones: [projection({ nombre: 'moves' })],
          eventos_no_aplicados: [
            {
              proyeccion: 'moves',
              posicion: 7,
              tipo: 'move.created',
              flujo: 'move-12',
              error: 'event at position 7 cannot be projected: missing field `cliente`',
              registrado_en: '2026-03-01T10:00:00Z',
            },
          ],
          reconstruccion: null,
        }),
    });
    renderAt('/admin?tab=proyecciones');
    const table = await screen.findByRole('table', { name: 'Eventos no aplicados' });
    expect(within(table).getByText('move.created')).toBeTruthy();
    expect(within(table).getByText('move-12')).toBeTruthy();
    expect(within(table).getByText(/missing field `cliente`/)).toBeTruthy();
  });

  it('refreshes the projection status by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    let pending = 0;
    mockFetch({
      'GET /api/admin/proyecciones': () => {
        pending += 5;
        return jsonResponse({
          success: true,
          cabeza: 10,
          proyecciones: [projection({ nombre: 'moves', eventos_pendientes: pending })],
          reconstruccion: null,
        });
      },
    });
    renderAt('/admin?tab=proyecciones');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(screen.getByRole('table')).getByText('5')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(within(screen.getByRole('table')).getByText('10')).toBeTruthy();
  });

  it('filters the event log by type, pages it, and shows an event whole', async () => {
    const event = (posicion: number, tipo = 'move.created'): LoggedEvent => ({
      posicion,
      flujo: 'move-1',
      version: 1,
      tipo,
      version_esquema: 2,
      actor: { id: 'u1', rol: 'empresario', nombre: 'Lucía Ortega' },
      metadatos: { actor_id: 'u1', request_id: 'req-7' },
      ocurrido_en: '2026-03-01T10:00:00Z',
      registrado_en: '2026-03-01T10:00:01Z',
      datos: { cliente: 'Marta' },
    });
    const types = ['move.created', 'move.status_changed'];
    const seen: string[] = [];
    mockFetch({
      'GET /api/admin/eventos?orden=desc&limit=50': () =>
        jsonResponse({
          success: true,
          eventos: [event(30), event(20, 'move.status_changed')],
          siguiente: null,
          tipos: types,
        }),
      'GET /api/admin/eventos?tipo=move.status_changed&orden=desc&limit=50': (init) => {
        seen.push('first');
        void init;
        return jsonResponse({
          success: true,
          eventos: [event(20, 'move.status_changed')],
          siguiente: 20,
          tipos: types,
        });
      },
      'GET /api/admin/eventos?tipo=move.status_changed&orden=desc&limit=50&after=20': () => {
        seen.push('second');
        return jsonResponse({
          success: true,
          eventos: [event(10, 'move.status_changed')],
          siguiente: null,
          tipos: types,
        });
      },
    });
    renderAt('/admin?tab=eventos');
    expect(await screen.findByText('2 eventos')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'move.status_changed' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    });
    expect(await screen.findByText('1 evento (hay más)')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    });
    expect(await screen.findByText('2 eventos')).toBeTruthy();
    expect(seen).toEqual(['first', 'second']);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Ver el evento 10' }));
    const dialog = screen.getByRole('dialog', { name: 'Evento 10' });
    expect(within(dialog).getByLabelText('Datos del evento').textContent).toContain('"cliente": "Marta"');
    expect(within(dialog).getByLabelText('Metadatos del evento').textContent).toContain('req-7');
  });

  it('shows what the public forms received on its tab', async () => {
    mockFetch({
      'GET /api/mensajes-contacto': () => jsonResponse({ success: true, mensajes: [] }),
      'GET /api/candidaturas': () => jsonResponse({ success: true, candidaturas: [] }),
    });
    renderAt('/admin?tab=mensajes');
    expect(screen.getByRole('heading', { name: 'Mensajes y candidaturas', level: 2 })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: /Mensajes de contacto/ })).toBeTruthy());
  });

  it('moves between sections with the arrow keys', () => {
    mockFetch({
      'GET /api/admin/personal': () => jsonResponse({ success: true, personal: STAFF }),
      'GET /api/admin/proyecciones': () =>
        jsonResponse({ success: true, cabeza: 0, proyecciones: [], reconstruccion: null }),
    });
    renderAt('/admin');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Personal' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Proyecciones' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Proyecciones' }));
  });
});

import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DebugStatus, ProjectionStatus } from '../../../lib/api';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { useAuthStore } from '../../../lib/useAuthStore';
import { DEBUG_REFRESH_MS, DebugPage, formatUptime } from './DebugPage';

function status(connections: number, overrides: Partial<DebugStatus> = {}): DebugStatus {
  return {
    success: true,
    generado_en: '2026-03-01T10:00:00Z',
    base_de_datos: {
      ok: true,
      error: null,
      latencia_ms: 0.42,
      version: '16.4',
      nombre: 'mudanzas',
      tamano_bytes: 9 * 1024 * 1024,
      conexiones: { abiertas: 6, libres: 4, maximo: 20 },
    },
    proyecciones: [
      {
        nombre: 'moves',
        tablas: ['move_staff_view'],
        posicion: 500,
        eventos_pendientes: 0,
        retraso_segundos: 0,
        ultimo_error: null,
        actualizada_en: null,
        en_marcha: true,
      },
    ],
    registro: { cabeza: 500, proyectado_hasta: 500 },
    feed_en_directo: { conexiones: connections, enviado_hasta: 500, retrasos: 0 },
    correo: { modo: 'bandeja_local', pendientes: 3, con_error: 0, mas_antiguo: null },
    versiones: { aplicacion: '0.1.0', commit: 'abc123def456', rust: 'rustc 1.95.0', postgres: '16.4' },
    proceso: { iniciado_en: '2026-03-01T09:00:00Z', segundos_en_marcha: 3725, pid: 4242 },
    ...overrides,
  };
}

function renderPage() {
  return render(
    <MemoryRouter>
      <DebugPage />
    </MemoryRouter>,
  );
}

describe('Estado del sistema (/debug)', () => {
  beforeEach(() => {
    useAuthStore.setState({ user: makeUser({ role: 'admin' }), checking: false });
    vi.useFakeTimers({ shouldAdvanceTime: false });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the database, the live feed, the projectors, the versions; and refreshes every 5 s', async () => {
    let connections = 1;
    mockFetch({ 'GET /api/debug/estado': () => jsonResponse(status(connections)) });
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Estado del sistema' })).toBeTruthy();
    expect(screen.getByText('Base de datos OK')).toBeTruthy();
    expect(screen.getByText('0,42 ms')).toBeTruthy();
    expect(screen.getByText('9 MB')).toBeTruthy();
    expect(screen.getByText('1 conexión')).toBeTruthy();
    expect(screen.getByText('Todas en marcha')).toBeTruthy();
    expect(screen.getByText('abc123def456')).toBeTruthy();
    expect(screen.getByText('1 h 2 min')).toBeTruthy();

    connections = 3;
    await act(() => vi.advanceTimersByTimeAsync(DEBUG_REFRESH_MS - 1));
    expect(screen.getByText('1 conexión')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('3 conexiones')).toBeTruthy();
  });

  it('reports a stopped projector and a database that does not answer', async () => {
    const bad = status(0);
    bad.base_de_datos = { ...bad.base_de_datos, ok: false, error: 'sin respuesta en 2 s' };
    const [moves] = bad.proyecciones as ProjectionStatus[];
    bad.proyecciones = [{ ...moves!, en_marcha: false }];
    mockFetch({ 'GET /api/debug/estado': () => jsonResponse(bad) });
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Sin respuesta')).toBeTruthy();
    expect(screen.getByText('sin respuesta en 2 s')).toBeTruthy();
    expect(screen.getByText('Con problemas')).toBeTruthy();
    expect(screen.getByText(/Bucle detenido/)).toBeTruthy();
  });

  it('keeps the last data when a refresh fails, and says so', async () => {
    let fail = false;
    mockFetch({
      'GET /api/debug/estado': () =>
        fail ? jsonResponse({ success: false, error: 'No tienes permiso' }, 403) : jsonResponse(status(2)),
    });
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    fail = true;
    await act(() => vi.advanceTimersByTimeAsync(DEBUG_REFRESH_MS));
    expect(screen.getByRole('alert').textContent).toContain('Tu cuenta no tiene permiso');
    expect(screen.getByText('2 conexiones')).toBeTruthy();
  });

  it('says uptimes briefly', () => {
    expect(formatUptime(42)).toBe('42 s');
    expect(formatUptime(125)).toBe('2 min 5 s');
    expect(formatUptime(3725)).toBe('1 h 2 min');
    expect(formatUptime(3 * 86_400 + 4 * 3600)).toBe('3 d 4 h');
  });
});

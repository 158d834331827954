import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientMove } from '../../../lib/api';
import { formatDateTime, formatTime } from '../../../lib/format';
import { FakeWebSocket } from '../../../test/fakeWebSocket';
import { jsonResponse, makeUser, mockFetch } from '../../../test/fixtures';
import { useAuthStore } from '../../../lib/useAuthStore';
import { resetLive } from '../../../lib/useLiveStore';
import { formatMoveDate } from '../clientMoves';
import { makeClientMove, makeImages } from '../testMoves';
import { useClientMovesStore } from '../useClientMovesStore';
import { TrackingPage } from './TrackingPage';

const CLIENT_ID = 'c-1';

/** A move under way: the crew is on it, two milestones in. */
function underWay(overrides: Partial<ClientMove> = {}): ClientMove {
  return makeClientMove({
    id: 13,
    status: 'in_progress',
    date: '2026-04-01',
    from: 'Calle de Alcalá 100, Madrid',
    to: 'Calle Real 5, Toledo',
    time: 'morning',
    equipo: ['Ana', 'Luis'],
    historial: [
      { status: 'pending', fecha: '2026-03-01T10:00:00Z' },
      { status: 'confirmed', fecha: '2026-03-02T11:30:00Z' },
      { status: 'in_progress', fecha: '2026-04-01T07:05:00Z' },
    ],
    hitos: [
      { hito: 'en_camino', fecha: '2026-04-01T07:05:00Z' },
      { hito: 'llegada_origen', fecha: '2026-04-01T07:40:00Z' },
    ],
    images: makeImages(2, 13),
    ...overrides,
  });
}

function seedMoves(): ClientMove[] {
  return [
    makeClientMove({ id: 11, status: 'pending', date: '2026-06-01' }),
    makeClientMove({ id: 12, status: 'confirmed', date: '2026-05-01' }),
    underWay(),
    makeClientMove({ id: 15, status: 'cancelled', date: '2026-02-01' }),
  ];
}

function renderPage({ moves = seedMoves(), path = '/seguimiento', status = 200 } = {}) {
  const fetchMock = mockFetch({
    'GET /api/mis-mudanzas': () =>
      status === 200
        ? jsonResponse({ success: true, email_confirmado: true, mudanzas: moves })
        : jsonResponse({ success: false, error: 'Error interno' }, status),
  });
  const router = createMemoryRouter(
    [
      { path: '/seguimiento', element: <TrackingPage /> },
      { path: '/cliente/:id', element: <h1>Mi área de cliente</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, fetchMock };
}

const tracked = (id: number) => screen.findByRole('article', { name: `Mudanza ${id}` });
const section = (name: string) => within(screen.getByRole('region', { name }));
const milestoneStates = () =>
  within(screen.getByRole('list', { name: /^Hitos de la mudanza/ }))
    .getAllByRole('listitem')
    .map((li) => /milestones__step--(\w+)/.exec(li.className)?.[1]);

describe('TrackingPage (/seguimiento)', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({
      checking: false,
      user: makeUser({ id: CLIENT_ID, role: 'cliente', nombre: 'Marta Sánchez', email: 'marta@mudanzas.test' }),
    });
    useClientMovesStore.getState().reset();
  });

  afterEach(() => {
    resetLive();
  });

  it('follows the move under way without an id: status, what is happening, route and the plan', async () => {
    renderPage();
    const move = within(await tracked(13));
    expect(screen.getByRole('heading', { level: 1, name: 'Seguimiento de la mudanza #13' })).toBeTruthy();
    expect(document.title).toContain('Seguimiento de tu mudanza');
    expect(move.getAllByText('En Progreso')[0]).toBeTruthy();
    expect(move.getByText('El equipo ha llegado a la dirección de origen y está cargando.')).toBeTruthy();
    expect(move.getByText(/Calle de Alcalá 100, Madrid/).textContent).toContain('Calle Real 5, Toledo');

    const plan = section('El plan');
    const datum = (label: string) => plan.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(datum('Fecha')).toBe(formatMoveDate('2026-04-01'));
    expect(datum('Franja horaria')).toBe('Mañana (8:00-12:00)');
    // The crew by first name, as the server sends them.
    expect(datum('Equipo')).toBe('Ana, Luis');
  });

  it('marks the milestones the crew recorded as done, in order, with their times', async () => {
    renderPage();
    await tracked(13);
    const day = section('El día de la mudanza');
    const list = day.getByRole('list', { name: 'Hitos de la mudanza 13' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.milestones__label')?.textContent)).toEqual([
      'En camino',
      'Llegada al origen',
      'Carga terminada',
      'Llegada al destino',
    ]);
    expect(milestoneStates()).toEqual(['done', 'done', 'next', 'todo']);
    expect(items[0]!.querySelector('time')?.textContent).toBe(formatTime('2026-04-01T07:05:00Z'));
    expect(items[1]!.querySelector('time')?.textContent).toBe(formatTime('2026-04-01T07:40:00Z'));
  });

  it('shows the status history newest first', async () => {
    renderPage();
    await tracked(13);
    const entries = within(section('Historial').getByRole('list')).getAllByRole('listitem');
    expect(entries.map((li) => li.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2026-04-01T07:05:00Z',
      '2026-03-02T11:30:00Z',
      '2026-03-01T10:00:00Z',
    ]);
    expect(entries[0]!.textContent).toContain('En Progreso');
    expect(entries[1]!.textContent).toContain('Confirmada');
    expect(entries[2]!.textContent).toContain('Pendiente');
    expect(entries[2]!.querySelector('time')?.textContent).toBe(formatDateTime('2026-03-01T10:00:00Z'));
  });

  it("shows the crew's photos and hides one that fails to load", async () => {
    renderPage();
    await tracked(13);
    const photos = section('Fotos del equipo');
    const images = photos.getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['Foto 1', 'Foto 2']);
    expect(images[0]!.getAttribute('src')).toBe('/api/fotos/13/foto-1');
    fireEvent.error(images[0]!);
    expect(
      section('Fotos del equipo')
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(['Foto 2']);
  });

  it('lists the other moves that are not cancelled, and links back to the client area', async () => {
    renderPage();
    await tracked(13);
    const others = within(screen.getByRole('navigation', { name: 'Tus otras mudanzas' }));
    const links = others.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/seguimiento?id=11', '/seguimiento?id=12']);
    expect(links[1]!.textContent).toBe(`Mudanza #12 · ${formatMoveDate('2026-05-01')} · Confirmada`);
    expect(screen.getByRole('link', { name: 'Volver a mi área de cliente' }).getAttribute('href')).toBe(
      `/cliente/${CLIENT_ID}`,
    );
  });

  it('opens the move the id names; before its day there is no milestone list and the crew is to be told', async () => {
    renderPage({ path: '/seguimiento?id=12' });
    const move = within(await tracked(12));
    expect(screen.getByRole('heading', { level: 1, name: 'Seguimiento de la mudanza #12' })).toBeTruthy();
    expect(
      move.getByText('Tu mudanza está confirmada. Aquí verás al equipo en cuanto salga hacia el origen.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'El día de la mudanza' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fotos del equipo' })).toBeNull();
    const plan = section('El plan');
    expect(plan.getByText('Te diremos quién va en cuanto asignemos el equipo.')).toBeTruthy();
    expect(plan.getByText('Por confirmar')).toBeTruthy();
    expect(within(section('Historial').getByRole('list')).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('keeps the milestones live: a new one from the feed is marked done without reloading', async () => {
    const { fetchMock } = renderPage();
    await tracked(13);
    const ws = FakeWebSocket.last();
    act(() => ws.receive({ type: 'hello', position: 5, role: 'cliente' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await tracked(13);

    const moved = underWay({
      hitos: [...underWay().hitos!, { hito: 'carga_terminada', fecha: '2026-04-01T09:10:00Z' }],
    });
    act(() => ws.receive({ type: 'change', position: 6, kind: 'move', id: '13', data: moved }));
    expect(milestoneStates()).toEqual(['done', 'done', 'done', 'next']);
    expect(screen.getByText('La carga ha terminado: el equipo va hacia la dirección de destino.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says it is loading until the moves arrive', async () => {
    renderPage();
    expect(screen.getByText('Cargando tus mudanzas...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Seguimiento' })).toBeTruthy();
    await tracked(13);
    expect(screen.queryByText('Cargando tus mudanzas...')).toBeNull();
  });

  it('says when the id is not one of the client’s moves', async () => {
    renderPage({ path: '/seguimiento?id=99' });
    expect(await screen.findByText('No encontramos esa mudanza entre las tuyas.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    // The others can still be followed.
    expect(screen.getByRole('navigation', { name: 'Tus otras mudanzas' })).toBeTruthy();
  });

  it('says when there is nothing to follow', async () => {
    renderPage({
      moves: [
        makeClientMove({ id: 14, status: 'completed', date: '2026-03-09' }),
        makeClientMove({ id: 15, status: 'cancelled', date: '2026-02-01' }),
      ],
    });
    expect(await screen.findByText('No tienes ninguna mudanza en curso ni próxima.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    const others = within(screen.getByRole('navigation', { name: 'Tus otras mudanzas' }));
    expect(others.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/seguimiento?id=14']);
  });

  it('shows no move, and logs why, when the moves cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderPage({ status: 500 });
    expect(await screen.findByText('No tienes ninguna mudanza en curso ni próxima.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Tus otras mudanzas' })).toBeNull();
    expect(logged).toHaveBeenCalledWith('No se pudieron cargar tus mudanzas', expect.any(Error));
  });
});

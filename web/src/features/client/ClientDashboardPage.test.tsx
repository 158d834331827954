import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '../../components/RouteGuard';
import type { ClientMove, OwnReview, User } from '../../lib/api';
import { FakeWebSocket } from '../../test/fakeWebSocket';
import { jsonResponse, makeUser, mockFetch, NO_FIGURES } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { resetLive } from '../../lib/useLiveStore';
import { ClientDashboardPage } from './ClientDashboardPage';
import { makeClientMove, makeImages } from './testMoves';
import { useClientMovesStore } from './useClientMovesStore';

vi.mock('../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
vi.mock('../../lib/waybill', () => ({ downloadWaybill: vi.fn(async () => true) }));
const { downloadWaybill } = await import('../../lib/waybill');

const CLIENT_ID = 'c-1';

/** The dashboard's figures (CustomerStats, tested on its own). */

function client(overrides: Partial<User> = {}): User {
  return makeUser({
    id: CLIENT_ID,
    role: 'cliente',
    nombre: 'Marta Sánchez López',
    email: 'marta@mudanzas.test',
    ...overrides,
  });
}

function seedMoves(): ClientMove[] {
  return [
    makeClientMove({ id: 11, status: 'pending', date: '2026-06-01', images: makeImages(5, 11) }),
    makeClientMove({ id: 12, status: 'confirmed', date: '2026-05-01' }),
    makeClientMove({ id: 13, status: 'in_progress', date: '2026-04-01', images: makeImages(2, 13) }),
    makeClientMove({
      id: 14,
      status: 'completed',
      date: '2026-03-09',
      from: 'Calle Mayor 1, Madrid',
      to: 'Calle Real 5, Toledo',
      price: 1234.5,
    }),
    makeClientMove({ id: 15, status: 'cancelled', date: '2026-02-01' }),
    makeClientMove({ id: 16, status: 'completed', date: '2026-01-01' }),
  ];
}

function renderPage(
  {
    moves = seedMoves(),
    emailConfirmado = true,
    path = `/cliente/${CLIENT_ID}`,
    reviews = [],
    porValorar = [],
  } = {} as {
    moves?: ClientMove[];
    emailConfirmado?: boolean;
    path?: string;
    reviews?: OwnReview[];
    porValorar?: number[];
  },
) {
  const fetchMock = mockFetch({
    'GET /api/mis-mudanzas': () => jsonResponse({ success: true, email_confirmado: emailConfirmado, mudanzas: moves }),
    'GET /api/mis-opiniones': () => jsonResponse({ success: true, opiniones: reviews, por_valorar: porValorar }),
    'GET /api/mis-estadisticas': () => jsonResponse(NO_FIGURES),
    'GET /api/mis-documentos': () => jsonResponse({ success: true, documentos: [] }),
  });
  const router = createMemoryRouter(
    [
      {
        path: '/cliente/:id',
        element: (
          <RouteGuard path="/cliente/:id">
            <ClientDashboardPage />
          </RouteGuard>
        ),
      },
      { path: '/', element: <h1>Inicio</h1> },
      { path: '/buscador-precios', element: <h1>Buscador de precios</h1> },
      { path: '/confirmar-email', element: <h1>Confirmar email</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, fetchMock };
}

const card = (id: number) => screen.getByRole('article', { name: `Mudanza ${id}` });
const shownIds = () => screen.queryAllByRole('article').map((a) => Number(a.getAttribute('aria-label')?.split(' ')[1]));

describe('ClientDashboardPage', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({ checking: false, user: client() });
    useClientMovesStore.getState().reset();
    vi.mocked(downloadWaybill).mockClear();
  });

  afterEach(() => {
    resetLive();
  });

  it('greets the client by first name and shows the live pill', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Mi área de cliente ¡Hola, Marta!' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Mudanza 11' });
    expect(screen.getByText('Conectando…')).toBeTruthy();
    act(() => FakeWebSocket.last().receive({ type: 'hello', position: 1, role: 'cliente' }));
    expect(screen.getByText('En directo')).toBeTruthy();
  });

  it('has six working quick actions, none announced as coming soon', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Mudanza 11' });
    const actions = within(screen.getByRole('region', { name: 'Acciones rápidas' }));

    expect(actions.getByRole('link', { name: /Nueva mudanza/ }).getAttribute('href')).toBe('/buscador-precios');
    const support = actions.getByRole('link', { name: /Contactar con soporte/ });
    expect(support.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/34910123456\?text=/);
    expect(support.getAttribute('target')).toBe('_blank');
    expect(support.getAttribute('rel')).toContain('noopener');
    // Nothing awaits a review: 'Valorar servicio' says so and leads to the others' reviews.
    const reviews = await actions.findByRole('link', { name: /Valorar servicio/ });
    expect(reviews.getAttribute('href')).toBe('/opiniones');
    expect(reviews.textContent).toContain('No tienes mudanzas por valorar');

    // Following a move opens the tracking page, which picks the move under way or the next one.
    expect(actions.getByRole('link', { name: /Seguir mudanza/ }).getAttribute('href')).toBe('/seguimiento');

    // 'Recomendar a un amigo' opens the client's link (referral/ReferralModal.test.tsx).
    const referral = actions.getByRole('button', { name: /Recomendar a un amigo/ }) as HTMLButtonElement;
    expect(referral.disabled).toBe(false);
    expect(referral.getAttribute('aria-haspopup')).toBe('dialog');
    expect(within(referral).queryByText('Próximamente')).toBeNull();

    // 'Descargar factura' brings the documents' section into view and focuses it.
    const invoices = actions.getByRole('button', { name: /Descargar factura/ }) as HTMLButtonElement;
    expect(invoices.disabled).toBe(false);
    fireEvent.click(invoices);
    expect(document.activeElement?.id).toBe('mis-documentos');
    expect(actions.queryAllByText('Próximamente')).toHaveLength(0);
  });

  it('switches tabs with ARIA tabs, by click and by arrow keys, and keeps the choice in the address', async () => {
    const { router } = renderPage();
    await screen.findByRole('article', { name: 'Mudanza 11' });
    const moves = screen.getByRole('tab', { name: 'Mis Mudanzas' });
    const profile = screen.getByRole('tab', { name: 'Mi Perfil' });
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(moves.getAttribute('aria-selected')).toBe('true');
    expect(profile.getAttribute('aria-selected')).toBe('false');
    expect(profile.tabIndex).toBe(-1);
    expect(screen.getByRole('tabpanel', { name: 'Mis Mudanzas' })).toBeTruthy();

    fireEvent.click(profile);
    expect(profile.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Mi Perfil' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'Mis Mudanzas' })).toBeNull();
    expect(router.state.location.search).toBe('?tab=perfil');

    fireEvent.keyDown(profile, { key: 'ArrowRight' });
    expect(moves.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(moves);
    fireEvent.keyDown(moves, { key: 'End' });
    expect(profile.getAttribute('aria-selected')).toBe('true');
  });

  it('opens on the profile tab when the address says so', async () => {
    renderPage({ path: `/cliente/${CLIENT_ID}?tab=perfil` });
    expect(screen.getByRole('tab', { name: 'Mi Perfil' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Datos personales' })).toBeTruthy();
  });

  it('shows a card per move with route, date, price with VAT and status', async () => {
    const { fetchMock } = renderPage();
    await screen.findByRole('article', { name: 'Mudanza 14' });
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(shownIds()).toEqual([11, 12, 13, 14, 15, 16]);
    const c14 = within(card(14));
    expect(c14.getByText('Mudanza #14')).toBeTruthy();
    expect(c14.getByText('Calle Mayor 1, Madrid')).toBeTruthy();
    expect(c14.getByText('Calle Real 5, Toledo')).toBeTruthy();
    expect(c14.getByText('lunes, 9 de marzo de 2026')).toBeTruthy();
    expect(c14.getByText('1.234,50 €')).toBeTruthy();
    expect(c14.getByText('IVA incluido')).toBeTruthy();
    expect(c14.getByText('Completada').className).toContain('client-badge--success');
    expect(within(card(11)).getByText('Pendiente').className).toContain('client-badge--warning');
    expect(within(card(12)).getByText('Confirmada').className).toContain('client-badge--neutral');
    expect(within(card(13)).getByText('En Progreso').className).toContain('client-badge--info');
    expect(within(card(15)).getByText('Cancelada').className).toContain('client-badge--error');
    expect(screen.getByText('6 mudanzas')).toBeTruthy();
  });

  it('filters by status, confirmed moves included', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'Mudanza 11' });
    const filters = within(screen.getByRole('group', { name: 'Filtrar por estado' }));
    expect(filters.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Todas',
      'Completadas',
      'Pendientes',
      'Confirmadas',
      'En progreso',
      'Canceladas',
    ]);

    fireEvent.click(filters.getByRole('button', { name: 'Completadas' }));
    expect(filters.getByRole('button', { name: 'Completadas' }).getAttribute('aria-pressed')).toBe('true');
    expect(shownIds()).toEqual([14, 16]);
    fireEvent.click(filters.getByRole('button', { name: 'Pendientes' }));
    expect(shownIds()).toEqual([11]);
    fireEvent.click(filters.getByRole('button', { name: 'Confirmadas' }));
    expect(shownIds()).toEqual([12]);
    fireEvent.click(filters.getByRole('button', { name: 'En progreso' }));
    expect(shownIds()).toEqual([13]);
    fireEvent.click(filters.getByRole('button', { name: 'Canceladas' }));
    expect(shownIds()).toEqual([15]);
    fireEvent.click(filters.getByRole('button', { name: 'Todas' }));
    expect(shownIds()).toContain(12);
  });

  it('says so when a filter matches nothing', async () => {
    renderPage({ moves: [makeClientMove({ id: 1, status: 'pending' })] });
    await screen.findByRole('article', { name: 'Mudanza 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Canceladas' }));
    expect(screen.getByText('No tienes mudanzas con este estado.')).toBeTruthy();
  });

  it('shows at most three thumbnails plus "+N más", and hides images that fail', async () => {
    renderPage();
    const c11 = within(await screen.findByRole('article', { name: 'Mudanza 11' }));
    expect(c11.getAllByRole('img')).toHaveLength(3);
    expect(c11.getByText('+2 más')).toBeTruthy();
    expect(c11.getByRole('img', { name: 'Foto 1' }).getAttribute('src')).toBe('/api/fotos/11/foto-1');

    // A broken image disappears and the next one takes its place.
    fireEvent.error(c11.getByRole('img', { name: 'Foto 2' }));
    expect(c11.queryByRole('img', { name: 'Foto 2' })).toBeNull();
    expect(c11.getAllByRole('img').map((i) => i.getAttribute('alt'))).toEqual(['Foto 1', 'Foto 3', 'Foto 4']);
    expect(c11.getByText('+1 más')).toBeTruthy();

    const c13 = within(card(13));
    expect(c13.getAllByRole('img')).toHaveLength(2);
    expect(c13.queryByText(/más$/)).toBeNull();
    expect(within(card(12)).queryByRole('img')).toBeNull();
  });

  it('links every move card to the move’s details page', async () => {
    renderPage();
    for (const id of [11, 14]) {
      const link = within(await screen.findByRole('article', { name: `Mudanza ${id}` })).getByRole('link', {
        name: `Ver detalles de la mudanza ${id}`,
      });
      expect(link.getAttribute('href')).toBe(`/detalles-mudanza?id=${id}`);
    }
  });

  it('downloads the waybill of a move', async () => {
    renderPage();
    const c14 = within(await screen.findByRole('article', { name: 'Mudanza 14' }));
    fireEvent.click(c14.getByRole('button', { name: 'Descargar albarán' }));
    expect(downloadWaybill).toHaveBeenCalledWith(14);
    await screen.findAllByRole('button', { name: 'Descargar albarán' });
  });

  it('shows the empty state with a way to the price finder', async () => {
    const { router } = renderPage({ moves: [] });
    const link = await screen.findByRole('link', { name: 'Calcular el precio de mi mudanza' });
    expect(screen.getByRole('heading', { name: 'Todavía no tienes mudanzas' })).toBeTruthy();
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/buscador-precios');
  });

  it('asks to confirm the email while it is unconfirmed', async () => {
    renderPage({ moves: [], emailConfirmado: false });
    const link = await screen.findByRole('link', { name: 'Confirmar email' });
    expect(link.getAttribute('href')).toBe('/confirmar-email');
    expect(screen.getByText(/aparecerán aquí en cuanto confirmes/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Filtrar por estado' })).toBeNull();
  });

  it('updates a card from the live feed without reloading, and adds new moves', async () => {
    const { fetchMock } = renderPage();
    await screen.findByRole('article', { name: 'Mudanza 11' });
    const ws = FakeWebSocket.last();
    act(() => ws.receive({ type: 'hello', position: 5, role: 'cliente' }));
    // The hello of a fresh connection asks for a resync (one reload over HTTP).
    const moveLoads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/mis-mudanzas').length;
    await vi.waitFor(() => expect(moveLoads()).toBe(2));
    await screen.findByRole('article', { name: 'Mudanza 11' });

    act(() =>
      ws.receive({
        type: 'change',
        position: 6,
        kind: 'move',
        id: '11',
        data: makeClientMove({ id: 11, status: 'in_progress', date: '2026-06-01' }),
      }),
    );
    expect(within(card(11)).getByText('En Progreso')).toBeTruthy();

    act(() =>
      ws.receive({
        type: 'change',
        position: 7,
        kind: 'move',
        id: '20',
        data: makeClientMove({ id: 20, status: 'pending', date: '2027-01-01' }),
      }),
    );
    expect(shownIds()[0]).toBe(20);
    expect(moveLoads()).toBe(2);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteGuard } from '../../../components/RouteGuard';
import type { ClientMove, OwnReview, ReviewRequest } from '../../../lib/api';
import { useAuthStore } from '../../../lib/useAuthStore';
import { resetLive } from '../../../lib/useLiveStore';
import { FakeWebSocket } from '../../../test/fakeWebSocket';
import { jsonResponse, makeUser, mockFetch, NO_FIGURES } from '../../../test/fixtures';
import { ClientDashboardPage } from '../ClientDashboardPage';
import { makeClientMove } from '../testMoves';
import { useClientMovesStore } from '../useClientMovesStore';
import { counterText, moveFromParam, reviewRequest, reviewStateText, validateReview, EMPTY_DRAFT } from './ownReviews';

vi.mock('../../../lib/browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));

const CLIENT_ID = 'c-1';

const MOVES: ClientMove[] = [
  makeClientMove({ id: 21, status: 'pending', date: '2026-12-20' }),
  makeClientMove({ id: 14, status: 'completed', date: '2026-11-21' }),
  makeClientMove({ id: 9, status: 'completed', date: '2026-10-02' }),
  makeClientMove({ id: 5, status: 'completed', date: '2026-06-01' }),
];

function ownReview(overrides: Partial<OwnReview> & { mudanza_id: number }): OwnReview {
  return {
    rating: 4,
    titulo: 'Muy bien',
    texto: 'Todo en orden.',
    recomendaria: true,
    fecha: '2026-12-01',
    estado: 'pendiente',
    motivo: '',
    ...overrides,
  };
}

type Answer = (init: RequestInit | undefined) => Response | Promise<Response>;

function renderPage({
  path = `/cliente/${CLIENT_ID}`,
  reviews = [] as OwnReview[],
  porValorar = [14] as number[],
  submit = (() => jsonResponse({ success: false, error: 'no' }, 500)) as Answer,
} = {}) {
  const fetchMock = mockFetch({
    'GET /api/mis-mudanzas': () => jsonResponse({ success: true, email_confirmado: true, mudanzas: MOVES }),
    'GET /api/mis-opiniones': () => jsonResponse({ success: true, opiniones: reviews, por_valorar: porValorar }),
    'POST /api/mudanza/*': (init) => submit(init),
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
      { path: '/opiniones', element: <h1>Opiniones</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, fetchMock };
}

const card = (id: number) => screen.getByRole('article', { name: `Mudanza ${id}` });
const dialog = () => screen.getByRole('dialog', { name: 'Valora tu mudanza' });

function fillForm(form: HTMLElement) {
  const f = within(form);
  fireEvent.click(f.getByRole('radio', { name: '4 estrellas' }));
  fireEvent.change(f.getByLabelText(/^Título/), { target: { value: '  Muy profesionales  ' } });
  fireEvent.change(f.getByLabelText(/^Tu opinión/), { target: { value: 'Llegaron puntuales y no se rompió nada.' } });
  fireEvent.click(f.getByRole('radio', { name: 'Sí' }));
}

describe('review rules', () => {
  it('names the field of each error, and sends the texts trimmed', () => {
    expect(validateReview(EMPTY_DRAFT)).toEqual({
      rating: 'Elige una valoración de 1 a 5 estrellas',
      titulo: 'El título de la opinión es requerido',
      texto: 'Escribe tu opinión: cuéntanos qué tal fue la mudanza',
      recomendaria: 'Dinos si nos recomendarías: elige Sí o No',
    });
    const draft = { rating: 5, titulo: ' Bien ', texto: ' Todo\nperfecto ', recomendaria: false };
    expect(validateReview(draft)).toEqual({});
    expect(validateReview({ ...draft, titulo: 'x'.repeat(101) }).titulo).toBe(
      'El título puede tener como máximo 100 caracteres',
    );
    expect(validateReview({ ...draft, texto: 'x'.repeat(2001) }).texto).toBe(
      'La opinión puede tener como máximo 2000 caracteres',
    );
    expect(reviewRequest(draft)).toEqual({ rating: 5, titulo: 'Bien', texto: 'Todo\nperfecto', recomendaria: false });
    expect(counterText(12, 100)).toBe('12 / 100');
  });

  it('reads the move from the address, and says where a review stands', () => {
    expect(moveFromParam('7')).toBe(7);
    for (const bad of [null, '', '0', '-3', '7a', '1.5']) expect(moveFromParam(bad)).toBeNull();
    expect(reviewStateText({ estado: 'pendiente', motivo: '' })).toBe(
      'La revisaremos antes de publicarla en Opiniones.',
    );
    expect(reviewStateText({ estado: 'oculta', motivo: 'Incluye datos personales' })).toBe(
      'No la hemos publicado. Motivo: Incluye datos personales',
    );
  });
});

describe('the client reviews a finished move', () => {
  beforeEach(() => {
    FakeWebSocket.install();
    useAuthStore.setState({
      checking: false,
      user: makeUser({ id: CLIENT_ID, role: 'cliente', nombre: 'Marta Sánchez' }),
    });
    useClientMovesStore.getState().reset();
  });
  afterEach(() => {
    resetLive();
    vi.unstubAllGlobals();
  });

  it('invites them on the dashboard and opens the form from the invitation', async () => {
    const { router } = renderPage();
    const invitation = await screen.findByRole('region', {
      name: '¿Qué tal fue tu mudanza del 21 de noviembre de 2026?',
    });
    fireEvent.click(within(invitation).getByRole('button', { name: 'Valórala' }));
    expect(dialog()).toBeTruthy();
    expect(router.state.location.search).toBe('?valorar=14');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('');
  });

  it('opens the form from the email link, checks each field in Spanish, sends it and shows it pending', async () => {
    let sent: ReviewRequest | null = null;
    const { router } = renderPage({
      path: `/cliente/${CLIENT_ID}?valorar=14`,
      submit: (init) => {
        sent = JSON.parse(String(init?.body)) as ReviewRequest;
        return jsonResponse({
          success: true,
          position: 40,
          opinion: ownReview({ mudanza_id: 14, ...sent, fecha: '2026-12-03' }),
        });
      },
    });
    const form = await screen.findByRole('form', { name: 'Tu opinión' });
    expect(within(dialog()).getByText(/la mudanza nº 14 del 21 de noviembre de 2026/)).toBeTruthy();
    // Five stars in one labelled radio group: arrow keys and a screen reader treat them as one choice.
    const stars = within(form).getByRole('group', { name: /Tu valoración/ });
    expect(
      within(stars)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual(['1 estrella', '2 estrellas', '3 estrellas', '4 estrellas', '5 estrellas']);

    fireEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    for (const text of [
      'Elige una valoración de 1 a 5 estrellas',
      'El título de la opinión es requerido',
      'Escribe tu opinión: cuéntanos qué tal fue la mudanza',
      'Dinos si nos recomendarías: elige Sí o No',
    ]) {
      expect(within(form).getByText(text)).toBeTruthy();
    }
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '1 estrella' }));
    expect(stars.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toBeNull();

    fillForm(form);
    // The errors go as each field is put right.
    expect(within(form).queryByText('El título de la opinión es requerido')).toBeNull();
    const title = within(form).getByLabelText(/^Título/) as HTMLInputElement;
    expect(title.maxLength).toBe(100);
    expect((within(form).getByLabelText(/^Tu opinión/) as HTMLTextAreaElement).maxLength).toBe(2000);
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('21 / 100');
    expect(within(form).getByText('Muy buena')).toBeTruthy();

    fireEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    await screen.findByRole('dialog', { name: '¡Gracias por tu opinión!' });
    expect(sent).toEqual({
      rating: 4,
      titulo: 'Muy profesionales',
      texto: 'Llegaron puntuales y no se rompió nada.',
      recomendaria: true,
    });
    expect(screen.getByRole('dialog').textContent).toContain('Pendiente de moderación');

    fireEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Cerrar' })[1]!);
    expect(router.state.location.search).toBe('');
    // The move no longer awaits a review: no invitation; its card shows the review's state.
    expect(screen.queryByRole('region', { name: /¿Qué tal fue tu mudanza/ })).toBeNull();
    const review = within(card(14)).getByRole('group', { name: 'Tu opinión sobre la mudanza 14' });
    expect(within(review).getByText('Pendiente de moderación')).toBeTruthy();
    expect(within(review).getByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    renderPage({
      path: `/cliente/${CLIENT_ID}?valorar=14`,
      submit: () => jsonResponse({ success: false, error: 'Ya has valorado esta mudanza. ¡Gracias!' }, 409),
    });
    const form = await screen.findByRole('form', { name: 'Tu opinión' });
    fillForm(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar opinión' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Ya has valorado esta mudanza. ¡Gracias!');
    expect((within(form).getByLabelText(/^Título/) as HTMLInputElement).value).toBe('  Muy profesionales  ');
  });

  it('lets them choose the move when several await a review', async () => {
    const { router } = renderPage({ porValorar: [14, 9] });
    const invitation = await screen.findByRole('region', { name: /¿Qué tal fue tu mudanza del 21 de noviembre/ });
    expect(invitation.textContent).toContain('Tienes otra mudanza por valorar.');
    fireEvent.click(within(invitation).getByRole('button', { name: 'Valórala' }));
    const select = within(dialog()).getByLabelText('Mudanza que valoras') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.text)).toEqual([
      'Nº 14, del 21 de noviembre de 2026',
      'Nº 9, del 2 de octubre de 2026',
    ]);
    fireEvent.change(select, { target: { value: '9' } });
    expect(router.state.location.search).toBe('?valorar=9');
    expect(within(dialog()).getByText(/la mudanza nº 9 del 2 de octubre de 2026/)).toBeTruthy();
  });

  it("'Valorar servicio' opens the form for the newest move awaiting one", async () => {
    const { router } = renderPage({ porValorar: [14, 9] });
    const actions = within(screen.getByRole('region', { name: 'Acciones rápidas' }));
    const button = await actions.findByRole('button', { name: /Valorar servicio/ });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(router.state.location.search).toBe('?valorar=14');
  });

  it("shows each finished move's review state, the reason when hidden, and 'Valorar' when none", async () => {
    renderPage({
      porValorar: [14],
      reviews: [
        ownReview({ mudanza_id: 9, estado: 'oculta', motivo: 'Incluye el teléfono de un operario', rating: 2 }),
        ownReview({ mudanza_id: 5, estado: 'publicada', rating: 5 }),
      ],
    });
    await screen.findByRole('article', { name: 'Mudanza 14' });
    await waitFor(() => within(card(9)).getByText('Oculta'));
    expect(within(card(9)).getByText('No la hemos publicado. Motivo: Incluye el teléfono de un operario')).toBeTruthy();
    expect(within(card(5)).getByText('Publicada')).toBeTruthy();
    expect(within(card(5)).getByText('Ya aparece en la página de Opiniones. ¡Gracias!')).toBeTruthy();
    // Not finished: nothing about reviews.
    expect(within(card(21)).queryByRole('button', { name: /Valorar/ })).toBeNull();
    fireEvent.click(within(card(14)).getByRole('button', { name: 'Valorar la mudanza 14' }));
    expect(dialog()).toBeTruthy();
  });

  it('shows the review instead of the form for a move already rated', async () => {
    renderPage({
      path: `/cliente/${CLIENT_ID}?valorar=9`,
      porValorar: [],
      reviews: [ownReview({ mudanza_id: 9, estado: 'oculta', motivo: 'Lenguaje ofensivo' })],
    });
    const shown = await screen.findByRole('dialog', { name: 'Ya has valorado esta mudanza' });
    expect(shown.textContent).toContain('Motivo: Lenguaje ofensivo');
    fireEvent.click(within(shown).getAllByRole('button', { name: 'Cerrar' })[1]!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a move that has not finished cannot be rated yet', async () => {
    renderPage({ path: `/cliente/${CLIENT_ID}?valorar=21`, porValorar: [] });
    const shown = await screen.findByRole('dialog', { name: 'Valora tu mudanza' });
    await within(shown).findByText(/Todavía no puedes valorar la mudanza nº 21 del 20 de diciembre de 2026/);
    expect(within(shown).getByRole('link', { name: 'Ver opiniones' }).getAttribute('href')).toBe('/opiniones');
  });
});

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../lib/format';
import { resetPublishedReviews } from '../../lib/usePublishedReviews';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { NO_FIGURES, reviewsResponse, TEST_REVIEWS } from '../../test/reviews';
import { COUNT_UP_TICK_MS, COUNT_UP_TICKS, countUpValue, filterReviews, PAGE_SIZE } from './reviews';
import { ReviewsPage } from './ReviewsPage';

function renderReviews(answer: () => Response | Promise<Response> = () => reviewsResponse()) {
  const fetchMock = mockFetch({ 'GET /api/opiniones': answer });
  render(
    <MemoryRouter>
      <ReviewsPage />
    </MemoryRouter>,
  );
  return fetchMock;
}

/** Lets the answer of the mocked fetch reach the page (also under fake timers). */
async function answered() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

/** The four visible (animated) stat figures, in order. */
const statValues = () => [...document.querySelectorAll('[data-stat-value]')].map((el) => el.textContent);
const cards = () => screen.getAllByRole('article');
// 8 reviews, 4.75 stars, 75 % of five stars, 87.5 % would recommend (test/reviews.ts).
const FINAL = ['8', '4,8', '75\u00a0%', '88\u00a0%'];

beforeEach(() => resetPublishedReviews());
afterEach(() => vi.unstubAllGlobals());

describe('count-up values', () => {
  it('starts at zero, ends exactly on the target and rounds to the shown digits', () => {
    expect(countUpValue(127, 0)).toBe(0);
    expect(countUpValue(127, COUNT_UP_TICKS)).toBe(127);
    expect(countUpValue(127, COUNT_UP_TICKS + 5)).toBe(127);
    expect(countUpValue(4.9, COUNT_UP_TICKS, 1)).toBe(4.9);
    expect(countUpValue(4.9, 30, 1)).toBe(2.5);
    expect(countUpValue(94, 15)).toBe(24);
  });

  it('formats review dates in Spanish on the calendar day written', () => {
    expect(formatLongDate('2026-10-14')).toBe('14 de octubre de 2026');
    expect(formatLongDate('2026-04-08')).toBe('8 de abril de 2026');
  });
});

describe('ReviewsPage stats', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }));
  afterEach(() => vi.useRealTimers());

  it("counts up to the server's figures over 60 ticks of 33 ms", async () => {
    renderReviews();
    await answered();
    expect(statValues()).toEqual(['0', '0,0', '0\u00a0%', '0\u00a0%']);
    // Screen readers read the final figures from the start, not the moving ones.
    const spoken = [...document.querySelectorAll('.reviews-stat__value .sr-only')].map((el) => el.textContent);
    expect(spoken).toEqual(FINAL);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * 30));
    expect(statValues()).toEqual(['4', '2,4', '38\u00a0%', '44\u00a0%']);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * (COUNT_UP_TICKS - 31)));
    expect(statValues()).not.toEqual(FINAL);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS));
    expect(statValues()).toEqual(FINAL);
    // Done: no timer left running.
    expect(vi.getTimerCount()).toBe(0);
    expect(screen.getByText('4,8 de 5 en 8 reseñas')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Calidad certificada 4,8/5' })).toBeTruthy();
  });

  it('waits until the stats come into view', async () => {
    let notify: (entries: Partial<IntersectionObserverEntry>[]) => void = () => {};
    class FakeObserver {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderReviews();
    await answered();
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * 10));
    expect(statValues()[0]).toBe('0');
    act(() => notify([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * COUNT_UP_TICKS));
    expect(statValues()).toEqual(FINAL);
  });

  it('shows the final values at once when the reader prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    renderReviews();
    await answered();
    expect(statValues()).toEqual(FINAL);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ReviewsPage list', () => {
  it('shows 6, then all 8 after "Cargar más", which then disappears and hands focus to the first new card', async () => {
    renderReviews();
    await screen.findAllByRole('article');
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole('status').textContent).toBe('Mostrando 6 de 8 opiniones');
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(cards()).toHaveLength(TEST_REVIEWS.length);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(document.activeElement).toBe(cards()[PAGE_SIZE]);
  });

  it('filters by 5 and 4 stars, and a filter change goes back to the first 6', async () => {
    renderReviews();
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    fireEvent.click(screen.getByRole('button', { name: /^4 estrellas/ }));
    expect(screen.getByRole('button', { name: /^4 estrellas/ }).getAttribute('aria-pressed')).toBe('true');
    expect(cards()).toHaveLength(2);
    for (const card of cards())
      expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('4 de 5 estrellas');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^5 estrellas/ }));
    expect(cards()).toHaveLength(filterReviews(TEST_REVIEWS, 5).length);
    expect(cards()).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: /^Todas/ }));
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeTruthy();
  });

  it('gives each card its stars as text, a Spanish date, the helpful count, and the badge only when verified', async () => {
    renderReviews();
    await screen.findAllByRole('article');
    const [marta, maria] = cards() as [HTMLElement, HTMLElement];
    expect(within(marta).getByRole('heading', { level: 3 }).textContent).toBe('Todo llegó perfecto');
    expect(within(marta).getByRole('img', { name: '5 de 5 estrellas' })).toBeTruthy();
    // Written by the client of a finished move.
    expect(within(marta).getByText('Cliente verificado')).toBeTruthy();
    expect(within(marta).getByText('Marta S.')).toBeTruthy();
    expect(marta.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-20');
    expect(marta.querySelector('time')?.textContent).toBe('20 de noviembre de 2026');
    // Nobody found it useful yet: no line saying so.
    expect(within(marta).queryByText(/resultado útil/)).toBeNull();
    // Imported from before the platform: nothing proves who wrote it.
    expect(within(maria).queryByText('Cliente verificado')).toBeNull();
    expect(within(maria).getByText('A 24 personas les ha resultado útil')).toBeTruthy();
  });

  it('says it is loading, then shows the cards', async () => {
    let release: (r: Response) => void = () => {};
    renderReviews(() => new Promise<Response>((resolve) => (release = resolve)));
    expect(screen.getByRole('status').textContent).toBe('Cargando opiniones...');
    expect(document.querySelector('[data-stat-value]')).toBeNull();
    release(reviewsResponse());
    await screen.findAllByRole('article');
  });

  it('says when the reviews cannot be read, and tries again', async () => {
    let fail = true;
    renderReviews(() => (fail ? jsonResponse({ success: false, error: 'Error interno' }, 500) : reviewsResponse()));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudieron cargar las opiniones.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await screen.findAllByRole('article');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when nothing is published yet, with dashes for the figures', async () => {
    renderReviews(() => reviewsResponse([], NO_FIGURES));
    await screen.findByText('Todavía no hay opiniones publicadas.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('group', { name: 'Filtrar opiniones por valoración' })).toBeNull();
    const spoken = [...document.querySelectorAll('.reviews-stat__value .sr-only')].map((el) => el.textContent);
    expect(spoken).toEqual(['0', 'Sin datos', 'Sin datos', 'Sin datos']);
    expect(screen.getByRole('heading', { level: 3, name: 'Opiniones reales' })).toBeTruthy();
  });

  it('has the four trust indicators and a call to action to the price finder', async () => {
    renderReviews();
    await screen.findAllByRole('article');
    for (const title of ['Seguro incluido', 'Puntualidad', 'Equipo profesional', 'Calidad certificada 4,8/5']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Calcular mi precio' }).getAttribute('href')).toBe('/buscador-precios');
  });
});

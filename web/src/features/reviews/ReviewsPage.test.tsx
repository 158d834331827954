import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../lib/format';
import { COUNT_UP_TICK_MS, COUNT_UP_TICKS, countUpValue, filterReviews, PAGE_SIZE } from './reviews';
import { ReviewsPage } from './ReviewsPage';
import { TESTIMONIALS } from '../../lib/testimonials';

function renderReviews() {
  render(
    <MemoryRouter>
      <ReviewsPage />
    </MemoryRouter>,
  );
}

/** The four visible (animated) stat figures, in order. */
const statValues = () => [...document.querySelectorAll('[data-stat-value]')].map((el) => el.textContent);
const cards = () => screen.getAllByRole('article');
const FINAL = ['127', '4,9', '94\u00a0%', '98\u00a0%'];

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
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts up to 127, 4,9, 94 % and 98 % over 60 ticks of 33 ms', () => {
    renderReviews();
    expect(statValues()).toEqual(['0', '0,0', '0\u00a0%', '0\u00a0%']);
    // Screen readers read the final figures from the start, not the moving ones.
    const spoken = [...document.querySelectorAll('.reviews-stat__value .sr-only')].map((el) => el.textContent);
    expect(spoken).toEqual(FINAL);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS));
    expect(statValues()).toEqual(['2', '0,1', '2\u00a0%', '2\u00a0%']);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * (COUNT_UP_TICKS - 2)));
    expect(statValues()).not.toEqual(FINAL);
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS));
    expect(statValues()).toEqual(FINAL);
    // Done: no timer left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits until the stats come into view', () => {
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
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * 10));
    expect(statValues()[0]).toBe('0');
    act(() => notify([{ isIntersecting: true }]));
    act(() => vi.advanceTimersByTime(COUNT_UP_TICK_MS * COUNT_UP_TICKS));
    expect(statValues()).toEqual(FINAL);
  });

  it('shows the final values at once when the reader prefers reduced motion', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), media: query }));
    renderReviews();
    expect(statValues()).toEqual(FINAL);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ReviewsPage list', () => {
  it('shows 6, then all 8 after "Cargar más", which then disappears and hands focus to the first new card', () => {
    renderReviews();
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole('status').textContent).toBe('Mostrando 6 de 8 opiniones');
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(cards()).toHaveLength(TESTIMONIALS.length);
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(document.activeElement).toBe(cards()[PAGE_SIZE]);
  });

  it('filters by 5 and 4 stars, and a filter change goes back to the first 6', () => {
    renderReviews();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    fireEvent.click(screen.getByRole('button', { name: /^4 estrellas/ }));
    expect(screen.getByRole('button', { name: /^4 estrellas/ }).getAttribute('aria-pressed')).toBe('true');
    expect(cards()).toHaveLength(2);
    for (const card of cards())
      expect(within(card).getByRole('img').getAttribute('aria-label')).toBe('4 de 5 estrellas');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^5 estrellas/ }));
    expect(cards()).toHaveLength(filterReviews(TESTIMONIALS, 5).length);
    expect(cards()).toHaveLength(6);

    fireEvent.click(screen.getByRole('button', { name: /^Todas/ }));
    expect(cards()).toHaveLength(PAGE_SIZE);
    expect(screen.getByRole('button', { name: 'Cargar más' })).toBeTruthy();
  });

  it('gives each card its stars as text, the verified badge, a Spanish date and the helpful count', () => {
    renderReviews();
    const first = cards()[0] as HTMLElement;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe(TESTIMONIALS[0]?.title);
    expect(within(first).getByRole('img', { name: '5 de 5 estrellas' })).toBeTruthy();
    expect(within(first).getByText('Cliente verificado')).toBeTruthy();
    expect(first.querySelector('time')?.getAttribute('datetime')).toBe('2026-10-14');
    expect(first.querySelector('time')?.textContent).toBe('14 de octubre de 2026');
    expect(within(first).getByText('A 24 personas les ha resultado útil')).toBeTruthy();
    // Elena's review is not verified: no badge.
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    const elena = cards().find((card) => card.textContent?.includes('Elena Torres'));
    expect(elena && within(elena).queryByText('Cliente verificado')).toBeNull();
  });

  it('has the four trust indicators and a call to action to the price finder', () => {
    renderReviews();
    for (const title of ['Seguro incluido', 'Puntualidad', 'Equipo profesional', 'Calidad certificada 4,9/5']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Calcular mi precio' }).getAttribute('href')).toBe('/buscador-precios');
  });
});

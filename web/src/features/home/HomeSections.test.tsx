import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPublishedReviews } from '../../lib/usePublishedReviews';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { installIntersectionObserver, observerOf } from '../../test/intersectionObserver';
import { NO_FIGURES, reviewsResponse } from '../../test/reviews';
import { metrics, REASONS } from './homeContent';
import { HomePage } from './HomePage';
import { ExpandingBanner, Metrics, Reasons, StatisticsStrip } from './HomeSections';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const shownCount = (list: HTMLElement) => list.querySelectorAll('li[data-shown="true"]').length;

function renderIn(ui: React.ReactNode) {
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

/** Lets the mocked answer of GET /api/opiniones reach the page under fake timers. */
async function answered() {
  await act(async () => {
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
  });
}

describe('home widgets', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    resetPublishedReviews();
    mockFetch({ 'GET /api/opiniones': () => reviewsResponse() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the metric cards in steps of 150 ms once the section is in view', () => {
    const observers = installIntersectionObserver();
    renderIn(<Metrics />);
    const section = screen.getByRole('region', { name: 'Métricas del Sistema' });
    const list = section.querySelector('ul') as HTMLElement;
    advance(1000);
    expect(shownCount(list)).toBe(0);
    const observer = observerOf(observers, section);
    // §9: a section counts as in view from 10 % visible.
    expect(observer.options.threshold).toBe(0.1);
    act(() => observer.report(section, 0.1));
    expect(shownCount(list)).toBe(1);
    for (let n = 2; n <= metrics(null).length; n += 1) {
      advance(149);
      expect(shownCount(list)).toBe(n - 1);
      advance(1);
      expect(shownCount(list)).toBe(n);
    }
  });

  it('shows the reason cards in steps of 300 ms', () => {
    renderIn(<Reasons />);
    const list = screen.getByRole('region', { name: /Seis motivos/ }).querySelector('ul') as HTMLElement;
    expect(shownCount(list)).toBe(1);
    advance(299);
    expect(shownCount(list)).toBe(1);
    advance(1);
    expect(shownCount(list)).toBe(2);
    for (let n = 3; n <= REASONS.length; n += 1) {
      advance(300);
      expect(shownCount(list)).toBe(n);
    }
  });

  it('answers a chosen reason with a feedback message', () => {
    renderIn(<Reasons />);
    const card = screen.getByRole('button', { name: /Precio cerrado/ });
    expect(card.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(card);
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe(
      'Has elegido «Precio cerrado». Es uno de nuestros compromisos en cada mudanza.',
    );
  });

  it('shows the chosen metric, with feedback that lasts 2 s', async () => {
    renderIn(<Metrics />);
    await answered();
    fireEvent.click(screen.getByRole('button', { name: /Valoración media/ }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Métrica seleccionada: Valoración media');
    // The published reviews' figures (test/reviews.ts: 4.75 stars over 8 reviews).
    expect(screen.getByText(/Valoración media: 4,8\/5\./)).toBeTruthy();
    expect(screen.getByText(/Media de las 8 opiniones publicadas/)).toBeTruthy();
    advance(1999);
    expect(status.textContent).toBe('Métrica seleccionada: Valoración media');
    advance(1);
    expect(status.textContent).toBe('');
    // The selected metric stays on show; only the feedback goes.
    expect(screen.getByRole('button', { name: /Valoración media/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('restarts the 2 s when another metric is chosen', () => {
    renderIn(<Metrics />);
    fireEvent.click(screen.getByRole('button', { name: /Opiniones/ }));
    advance(1500);
    fireEvent.click(screen.getByRole('button', { name: /Nos recomiendan/ }));
    advance(1500);
    expect(screen.getByRole('status').textContent).toBe('Métrica seleccionada: Nos recomiendan');
    advance(500);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("shows the reviews' figures as /opiniones computes them, '…' until they are read", async () => {
    renderIn(<Metrics />);
    const value = (label: RegExp) =>
      screen.getByRole('button', { name: label }).querySelector('.home-metric__value')?.textContent;
    expect(value(/Valoración media/)).toBe('…');
    await answered();
    expect(value(/Valoración media/)).toBe('4,8/5');
    expect(value(/^8\s*Opiniones$/)).toBe('8');
    expect(value(/Cinco estrellas/)).toBe('75 %');
    expect(value(/Nos recomiendan/)).toBe('88 %');
  });

  it('shows dashes when nothing is published yet, or the figures cannot be read', async () => {
    mockFetch({ 'GET /api/opiniones': () => reviewsResponse([], NO_FIGURES) });
    renderIn(<Metrics />);
    await answered();
    fireEvent.click(screen.getByRole('button', { name: /Valoración media/ }));
    expect(screen.getByText(/Valoración media: —\./)).toBeTruthy();
    expect(screen.getByText(/Todavía no hay opiniones publicadas/)).toBeTruthy();
    cleanup();

    resetPublishedReviews();
    mockFetch({ 'GET /api/opiniones': () => jsonResponse({ success: false, error: 'Error interno' }, 500) });
    renderIn(<Metrics />);
    await answered();
    expect(
      screen.getByRole('button', { name: /Nos recomiendan/ }).querySelector('.home-metric__value')?.textContent,
    ).toBe('—');
  });
});

describe('expanding banner', () => {
  it('grows a step at each threshold 0.2, 0.3, 0.4, 0.7 and shrinks as it leaves', () => {
    const observers = installIntersectionObserver();
    renderIn(
      <ExpandingBanner
        id="b"
        tone="blue"
        image="/img/x.svg"
        eyebrow="E"
        title="Título"
        text="Texto"
        to="/sobre-nosotros"
        action="Ir"
      />,
    );
    const banner = screen.getByRole('region', { name: 'Título' });
    const observer = observerOf(observers, banner);
    expect(observer.options.threshold).toEqual([0.2, 0.3, 0.4, 0.7]);
    const level = () => banner.getAttribute('data-expansion');
    expect(level()).toBe('0');
    const steps: [number, string][] = [
      [0.1, '0'],
      [0.2, '1'],
      [0.3, '2'],
      [0.45, '3'],
      [0.7, '4'],
      [1, '4'],
      [0.35, '2'],
      [0, '0'],
    ];
    for (const [ratio, expected] of steps) {
      act(() => observer.report(banner, ratio));
      expect(level(), `ratio ${ratio}`).toBe(expected);
    }
    expect(screen.getByRole('link', { name: 'Ir' }).getAttribute('href')).toBe('/sobre-nosotros');
  });
});

describe('home page', () => {
  it('links the banners to about and contact, the doubts to the FAQ, and work to its page', () => {
    renderIn(<HomePage />);
    expect(screen.getByRole('link', { name: 'Conoce nuestra historia' }).getAttribute('href')).toBe('/sobre-nosotros');
    expect(screen.getByRole('link', { name: 'Escríbenos' }).getAttribute('href')).toBe('/contacto');
    expect(screen.getByRole('link', { name: 'Ver preguntas frecuentes' }).getAttribute('href')).toBe(
      '/preguntas-frecuentes',
    );
    expect(screen.getByRole('link', { name: /Ver ofertas de empleo/ }).getAttribute('href')).toBe(
      '/trabaja-con-nosotros',
    );
    expect(screen.getByRole('link', { name: 'Calcular precio' }).getAttribute('href')).toBe('/buscador-precios');
    expect(screen.getByRole('link', { name: 'Contactar' }).getAttribute('href')).toBe('/contacto');
    // Six service cards: moves, Europe, furniture, vehicles, others, work.
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining([
        'Mudanzas',
        'Mudanza a Europa',
        'Muebles',
        'Vehículos',
        'Otros servicios',
        'Trabaja con nosotros',
      ]),
    );
  });

  it('writes the statistics as the spec does', () => {
    renderIn(<StatisticsStrip />);
    const values = [...document.querySelectorAll('.home-stats__value')].map((d) => d.textContent);
    expect(values).toEqual(['1500', '+30', '2000', '230.000 km']);
    expect(screen.getByText('clientes satisfechos')).toBeTruthy();
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomerStats as Stats } from '../../lib/api';
import { jsonResponse, mockFetch } from '../../test/fixtures';
import { CustomerStats, SAVINGS_BASIS } from './CustomerStats';
import { makeClientMove } from './testMoves';
import { useClientMovesStore } from './useClientMovesStore';
import { useOwnReviewsStore } from './reviews/useOwnReviewsStore';

function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    success: true,
    email_confirmado: true,
    mudanzas_realizadas: 3,
    total_pagado_cents: 123_456,
    valoracion_media: 4.5,
    valoraciones: 2,
    ahorro_cents: 5_240,
    mudanzas_con_ahorro: 1,
    ...overrides,
  };
}

function serve(...answers: Stats[]) {
  let next = 0;
  return mockFetch({
    'GET /api/mis-estadisticas': () => jsonResponse(answers[Math.min(next++, answers.length - 1)]),
  });
}

/** The card of one figure, found by its label. */
function card(label: string): HTMLElement {
  return screen.getByText(label, { selector: 'dt' }).closest('.customer-stat') as HTMLElement;
}

function tipButton(label: string): HTMLElement {
  return screen.getByRole('button', { name: `Cómo se calcula: ${label}` });
}

/** What describes a figure's ⓘ (aria-describedby), as a screen reader reads it. */
function tipOf(label: string): HTMLElement {
  const id = tipButton(label).getAttribute('aria-describedby');
  const tip = id ? document.getElementById(id) : null;
  if (!tip) throw new Error(`${label}: no description`);
  return tip;
}

function description(label: string): string {
  return tipOf(label).textContent ?? '';
}

beforeEach(() => {
  useClientMovesStore.setState({ moves: [], loading: false, emailConfirmed: true });
  useOwnReviewsStore.getState().reset();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomerStats', () => {
  it('shows each figure in Spanish, money from cents', async () => {
    serve(stats());
    render(<CustomerStats />);
    expect(await within(card('Mudanzas realizadas')).findByText('3')).toBeTruthy();
    expect(within(card('Total pagado')).getByText('1.234,56 €')).toBeTruthy();
    expect(within(card('Tu valoración media')).getByText('4,5 / 5')).toBeTruthy();
    expect(within(card('Ahorro')).getByText('52,40 €')).toBeTruthy();
  });

  it('explains every figure to assistive technology and shows it on focus, closing with Escape', async () => {
    serve(stats());
    render(<CustomerStats />);
    await screen.findByText('52,40 €');

    const moves = tipButton('Mudanzas realizadas');
    expect(description('Mudanzas realizadas')).toMatch(
      /terminadas.*No cuentan las canceladas ni las que están pendientes/,
    );
    expect(description('Total pagado')).toMatch(/con tarjeta.*menos lo que te hayamos reembolsado/);
    expect(description('Tu valoración media')).toMatch(/2 valoraciones/);
    expect(description('Ahorro').startsWith(`${SAVINGS_BASIS}:`)).toBe(true);
    expect(description('Ahorro')).toMatch(/Ahorro en 1 mudanza\.$/);

    const tip = tipOf('Mudanzas realizadas');
    expect(tip.getAttribute('role')).toBe('tooltip');
    expect(tip.hidden).toBe(true);
    act(() => moves.focus());
    expect(tip.hidden).toBe(false);
    expect(moves.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(tip.hidden).toBe(true);
  });

  it('opens on a tap and stays open until a second tap or a tap elsewhere', async () => {
    serve(stats());
    render(<CustomerStats />);
    await screen.findByText('52,40 €');
    const button = tipButton('Ahorro');
    const tip = tipOf('Ahorro');

    // A tap focuses, then clicks: the tip must stay open after both.
    act(() => button.focus());
    fireEvent.click(button);
    expect(tip.hidden).toBe(false);
    fireEvent.click(button);
    expect(tip.hidden).toBe(true);

    fireEvent.click(button);
    expect(tip.hidden).toBe(false);
    fireEvent.pointerDown(document.body);
    expect(tip.hidden).toBe(true);
  });

  it('says so when the client has not rated a move yet', async () => {
    serve(stats({ valoracion_media: null, valoraciones: 0, ahorro_cents: 0, mudanzas_con_ahorro: 0 }));
    render(<CustomerStats />);
    await screen.findByText('0,00 €');
    expect(within(card('Tu valoración media')).getByText('—')).toBeTruthy();
    expect(description('Tu valoración media')).toMatch(/Aún no has valorado ninguna mudanza/);
    expect(description('Ahorro')).toMatch(/Las demás mudanzas cuentan 0 €\.$/);
  });

  it('reads the figures again when a move of theirs changes', async () => {
    const fetchMock = serve(stats({ mudanzas_realizadas: 0 }), stats({ mudanzas_realizadas: 1 }));
    render(<CustomerStats />);
    expect(await within(card('Mudanzas realizadas')).findByText('0')).toBeTruthy();
    act(() => useClientMovesStore.setState({ moves: [makeClientMove({ id: 4, status: 'completed' })] }));
    expect(await within(card('Mudanzas realizadas')).findByText('1')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('waits for the moves to be read before asking', async () => {
    useClientMovesStore.setState({ loading: true });
    const fetchMock = serve(stats());
    render(<CustomerStats />);
    expect(fetchMock).not.toHaveBeenCalled();
    act(() => useClientMovesStore.setState({ loading: false }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it('shows nothing while the email is unconfirmed: no move is theirs yet', async () => {
    const fetchMock = serve(stats({ email_confirmado: false, mudanzas_realizadas: 0 }));
    const { container } = render(<CustomerStats />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });

  it('says when the figures could not be read', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/mis-estadisticas': () => jsonResponse({ success: false, error: 'x' }, 500) });
    render(<CustomerStats />);
    expect(await screen.findByText(/No se pudieron cargar tus cifras/)).toBeTruthy();
    expect(within(card('Total pagado')).getByText('—')).toBeTruthy();
  });
});

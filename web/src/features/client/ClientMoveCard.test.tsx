import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ClientMoveCard } from './ClientMoveCard';
import { makeClientMove } from './testMoves';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function renderCard(overrides: Parameters<typeof makeClientMove>[0]) {
  render(
    <MemoryRouter>
      <ClientMoveCard move={makeClientMove(overrides)} />
    </MemoryRouter>,
  );
}

describe('ClientMoveCard payments', () => {
  it('shows what was paid and what is pending, with a way to pay', () => {
    renderCard({ id: 3, price: 394.46, pagado: 100, pendiente: 294.46, estado_pago: 'partial', status: 'confirmed' });
    expect(nbsp(screen.getByTestId('pagado-3').firstChild?.textContent)).toBe('100,00 €');
    expect(nbsp(screen.getByTestId('pendiente-3').textContent)).toBe('Pendiente: 294,46 €');
    expect(screen.getByRole('link', { name: 'Pagar con tarjeta' }).getAttribute('href')).toBe('/acceso-de-pago');
  });

  it('offers no payment once everything is paid, nor for a move cancelled for free', () => {
    renderCard({ id: 4, price: 394.46, pagado: 394.46, pendiente: 0, estado_pago: 'paid', status: 'confirmed' });
    expect(nbsp(screen.getByTestId('pagado-4').textContent)).toBe('394,46 €');
    expect(screen.queryByTestId('pendiente-4')).toBeNull();
    // As the server sends a free cancellation (more than 48 hours' notice): nothing pending.
    renderCard({
      id: 5,
      price: 394.46,
      pagado: 0,
      pendiente: 0,
      estado_pago: 'paid',
      status: 'cancelled',
      gastos_cancelacion: 0,
    });
    expect(screen.queryByTestId('pendiente-5')).toBeNull();
    expect(screen.queryByText(/Pendiente/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Pagar/ })).toBeNull();
  });

  it('shows a cancelled move its cancellation fee as what is pending, and pays only that', () => {
    renderCard({
      id: 6,
      price: 400.51,
      pagado: 0,
      pendiente: 100.13,
      estado_pago: 'pending',
      status: 'cancelled',
      gastos_cancelacion: 100.13,
    });
    expect(nbsp(screen.getByTestId('pendiente-6').textContent)).toBe('Gastos de cancelación pendientes: 100,13 €');
    expect(screen.getByRole('link', { name: 'Pagar los gastos de cancelación' }).getAttribute('href')).toBe(
      '/acceso-de-pago',
    );
  });
});

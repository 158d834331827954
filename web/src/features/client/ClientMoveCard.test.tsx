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

  it('offers no payment once everything is paid, nor for a cancelled move', () => {
    renderCard({ id: 4, price: 394.46, pagado: 394.46, pendiente: 0, estado_pago: 'paid', status: 'confirmed' });
    expect(nbsp(screen.getByTestId('pagado-4').textContent)).toBe('394,46 €');
    expect(screen.queryByTestId('pendiente-4')).toBeNull();
    renderCard({ id: 5, price: 394.46, pagado: 0, pendiente: 394.46, estado_pago: 'pending', status: 'cancelled' });
    expect(screen.queryByRole('link', { name: 'Pagar con tarjeta' })).toBeNull();
  });
});

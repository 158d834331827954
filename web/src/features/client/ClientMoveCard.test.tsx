import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openOwnPayment } from '../../lib/api';
import { ClientMoveCard } from './ClientMoveCard';
import { makeClientMove } from './testMoves';

vi.mock('../../lib/api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api')>()),
  openOwnPayment: vi.fn(),
}));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

function renderCard(overrides: Parameters<typeof makeClientMove>[0]) {
  render(
    <MemoryRouter initialEntries={['/cliente/1']}>
      <Routes>
        <Route path="/cliente/1" element={<ClientMoveCard move={makeClientMove(overrides)} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.mocked(openOwnPayment).mockReset();
});

describe('ClientMoveCard payments', () => {
  it('shows what was paid and what is pending, with a way to pay', () => {
    renderCard({ id: 3, price: 394.46, pagado: 100, pendiente: 294.46, estado_pago: 'partial', status: 'confirmed' });
    expect(nbsp(screen.getByTestId('pagado-3').firstChild?.textContent)).toBe('100,00 €');
    expect(nbsp(screen.getByTestId('pendiente-3').textContent)).toBe('Pendiente: 294,46 €');
  });

  it('opens the card page of this move in one tap, without the key', async () => {
    vi.mocked(openOwnPayment).mockResolvedValue({
      ok: true,
      status: 200,
      body: { success: true, paymentId: 'abc-123', message: 'Acceso concedido' },
    });
    renderCard({ id: 3, price: 394.46, pagado: 100, pendiente: 294.46, estado_pago: 'partial', status: 'confirmed' });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar con tarjeta' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/pago?id=abc-123');
    expect(openOwnPayment).toHaveBeenCalledWith(3);
  });

  it("says why when the move's payment cannot be opened, and stays", async () => {
    const noKey = 'Esta mudanza aún no tiene clave de pago. Contacta con nosotros para pagarla.';
    vi.mocked(openOwnPayment).mockResolvedValue({ ok: false, status: 409, body: { success: false, error: noKey } });
    renderCard({ id: 3, price: 394.46, pagado: 100, pendiente: 294.46, estado_pago: 'partial', status: 'confirmed' });
    fireEvent.click(screen.getByRole('button', { name: 'Pagar con tarjeta' }));
    expect((await screen.findByRole('alert')).textContent).toBe(noKey);
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Pagar con tarjeta' })).toHaveProperty('disabled', false);
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
    expect(screen.queryByRole('button', { name: /Pagar/ })).toBeNull();
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
    expect(screen.getByRole('button', { name: 'Pagar los gastos de cancelación' })).toBeTruthy();
  });
});

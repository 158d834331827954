import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentSession } from '../../lib/api';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { CARD_MESSAGES } from '../../lib/card';
import { ACCESS_MESSAGES, PaymentAccessPage } from './PaymentAccessPage';
import { PaymentOutcomePage } from './PaymentOutcomePage';
import { PaymentPage } from './PaymentPage';

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/acceso-de-pago', element: <PaymentAccessPage /> },
      { path: '/pago', element: <PaymentPage /> },
      { path: '/pago-exitoso', element: <PaymentOutcomePage outcome="ok" /> },
      { path: '/pago-fallido', element: <PaymentOutcomePage outcome="ko" /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const session: PaymentSession = {
  id: 's1',
  mudanzaId: 7,
  cliente: 'Lucía Gómez',
  origen: 'Calle de Alcalá 120, Madrid',
  destino: 'Calle Mayor 2, Alcalá de Henares',
  fecha: '2026-12-10',
  estado: 'pendiente',
  cancelada: false,
  total: 454.96,
  anticipo: 100,
  pagado: 0,
  pendiente: 454.96,
  estado_pago: 'pending',
  proveedor: 'prueba',
  caduca: '2026-11-21T20:00:00Z',
  opciones: [
    { tipo: 'anticipo', etiqueta: 'Anticipo para reservar la fecha', importe: 100 },
    { tipo: 'pendiente', etiqueta: 'Todo lo pendiente', importe: 454.96 },
  ],
  pagos: [],
};

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ');

afterEach(() => {
  useAuthStore.setState({ user: null });
});

describe('after paying, signed in', () => {
  it('offers the way back to the client area', async () => {
    useAuthStore.setState({ user: makeUser({ id: 'u-1', role: 'cliente' }) });
    mockFetch({ 'GET /api/pagos/s1': () => jsonResponse({ success: true, pago: session }) });
    renderAt('/pago-exitoso?id=s1');
    expect((await screen.findByRole('link', { name: 'Volver a mi área de cliente' })).getAttribute('href')).toBe(
      '/cliente/u-1',
    );
    expect(screen.queryByRole('link', { name: 'Volver al inicio' })).toBeNull();
  });

  it('points a signed-in client at their area from the key page', () => {
    useAuthStore.setState({ user: makeUser({ id: 'u-1', role: 'cliente' }) });
    renderAt('/acceso-de-pago');
    expect(screen.getByRole('link', { name: 'paga tus mudanzas desde tu área de cliente' }).getAttribute('href')).toBe(
      '/cliente/u-1',
    );
  });
});

describe('/acceso-de-pago', () => {
  it('shows the payment key as typed, not masked like a password', () => {
    renderAt('/acceso-de-pago');
    expect(screen.getByLabelText('Clave de pago').getAttribute('type')).toBe('text');
  });

  it('says §5 and §8 exactly and goes to /pago with the payment id', async () => {
    const fetchMock = mockFetch({
      'POST /api/auth-pay': (init) => {
        const body = JSON.parse(String(init?.body));
        return body.password === 'K7MQ-2XPA'
          ? jsonResponse({ success: true, paymentId: 's1', message: 'Acceso concedido' })
          : jsonResponse({ success: false, error: ACCESS_MESSAGES.auth }, 401);
      },
      'GET /api/pagos/s1': () => jsonResponse({ success: true, pago: session }),
    });
    const router = renderAt('/acceso-de-pago');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Acceder al pago' }));
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '   ' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(ACCESS_MESSAGES.fillAll);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Lucía Gómez' } });
    fireEvent.change(screen.getByLabelText('Clave de pago'), { target: { value: 'AAAA-BBBB' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe(ACCESS_MESSAGES.human);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('No soy un robot'));
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ACCESS_MESSAGES.auth));
    fireEvent.change(screen.getByLabelText('Clave de pago'), { target: { value: 'K7MQ-2XPA' } });
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/pago'));
    expect(router.state.location.search).toBe('?id=s1');
  });

  it('shows the connection message when the server cannot be reached', async () => {
    mockFetch({
      'POST /api/auth-pay': () => Promise.reject(new TypeError('offline')),
    });
    renderAt('/acceso-de-pago');
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Lucía' } });
    fireEvent.change(screen.getByLabelText('Clave de pago'), { target: { value: 'K7MQ-2XPA' } });
    fireEvent.click(screen.getByLabelText('No soy un robot'));
    fireEvent.click(screen.getByRole('button', { name: 'Acceder al pago' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ACCESS_MESSAGES.connection));
  });
});

describe('/pago', () => {
  it('checks the card in the browser, then pays the chosen option and shows the outcome', async () => {
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/pagos/s1': () => jsonResponse({ success: true, pago: session }),
      'POST /api/pagos/s1/tarjeta': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ success: true, resultado: 'autorizado', importe: 100, marca: 'visa', ultimos4: '4242' });
      },
    });
    const router = renderAt('/pago?id=s1');
    await screen.findByRole('heading', { name: 'Pago con tarjeta' });
    expect(screen.getByText('Modo de pruebas')).toBeTruthy();
    const pay = () => screen.getByRole('button', { name: /^Pagar/ });
    expect(nbsp(pay().textContent)).toBe('Pagar 100,00 €');
    fireEvent.click(pay());
    expect(screen.getByText(CARD_MESSAGES.holder)).toBeTruthy();
    expect(screen.getByText(CARD_MESSAGES.number)).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Titular/), { target: { value: 'Lucía Gómez' } });
    fireEvent.change(screen.getByLabelText(/Número de tarjeta/), { target: { value: '4242424242424242' } });
    expect((screen.getByLabelText(/Número de tarjeta/) as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    expect(screen.getByText('Visa')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Caducidad/), { target: { value: '1239' } });
    fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
    fireEvent.click(screen.getByLabelText(/Todo lo pendiente/));
    expect(nbsp(pay().textContent)).toBe('Pagar 454,96 €');
    fireEvent.click(pay());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pago-exitoso'));
    expect(sent).toEqual([
      { tipo: 'pendiente', titular: 'Lucía Gómez', numero: '4242424242424242', caducidad: '12/39', cvc: '123' },
    ]);
    expect(await screen.findByRole('heading', { name: '¡Pago completado!' })).toBeTruthy();
    expect(nbsp(screen.getByText(/Hemos recibido tu pago/).textContent)).toContain(
      '100,00 € con tu Visa terminada en 4242',
    );
  });

  it('sends a signed-in client back to their area, anyone else home', async () => {
    mockFetch({ 'GET /api/pagos/s1': () => jsonResponse({ success: true, pago: session }) });
    renderAt('/pago-exitoso?id=s1');
    expect((await screen.findByRole('link', { name: 'Volver al inicio' })).getAttribute('href')).toBe('/');
    screen.getByText(/con la misma clave/);
  });

  it('sends a refused card to /pago-fallido with its reason', async () => {
    mockFetch({
      'GET /api/pagos/s1': () => jsonResponse({ success: true, pago: session }),
      'POST /api/pagos/s1/tarjeta': () =>
        jsonResponse(
          {
            success: false,
            resultado: 'denegado',
            motivo: 'denegada',
            error: 'La tarjeta ha sido rechazada por el banco emisor.',
          },
          402,
        ),
    });
    const router = renderAt('/pago?id=s1');
    await screen.findByRole('heading', { name: 'Pago con tarjeta' });
    fireEvent.change(screen.getByLabelText(/Titular/), { target: { value: 'Lucía Gómez' } });
    fireEvent.change(screen.getByLabelText(/Número de tarjeta/), { target: { value: '4000000000000002' } });
    fireEvent.change(screen.getByLabelText(/Caducidad/), { target: { value: '12/39' } });
    fireEvent.change(screen.getByLabelText(/CVC/), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pagar/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pago-fallido'));
    expect(router.state.location.search).toBe('?id=s1&motivo=denegada');
    expect((await screen.findByRole('alert')).textContent).toBe('La tarjeta ha sido rechazada por el banco emisor.');
    expect(await screen.findByRole('link', { name: 'Intentar de nuevo' })).toBeTruthy();
  });

  it('sends an unknown or expired session back to the access page', async () => {
    mockFetch({
      'GET /api/pagos/zz': () =>
        jsonResponse(
          {
            success: false,
            error: 'El enlace de pago no es válido o ha caducado. Vuelve a acceder con tu clave de pago.',
          },
          404,
        ),
    });
    renderAt('/pago?id=zz');
    expect((await screen.findByRole('alert')).textContent).toContain('ha caducado');
    expect(screen.getByRole('link', { name: 'Volver al acceso de pago' }).getAttribute('href')).toBe('/acceso-de-pago');
  });

  it('says there is nothing to pay when nothing is due', async () => {
    mockFetch({
      'GET /api/pagos/s1': () =>
        jsonResponse({
          success: true,
          pago: { ...session, pagado: 454.96, pendiente: 0, estado_pago: 'paid', opciones: [] },
        }),
    });
    renderAt('/pago?id=s1');
    expect(await screen.findByRole('heading', { name: 'No hay nada pendiente de pago' })).toBeTruthy();
    expect(screen.queryByLabelText(/Número de tarjeta/)).toBeNull();
  });
});

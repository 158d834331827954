import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/routes';
import { jsonResponse, makeUser, mockFetch } from '../../test/fixtures';
import { useAuthStore } from '../../lib/useAuthStore';
import { InvoicePage, PRINT_HELP_DELAY_MS } from './InvoicePage';
import { INVOICE_ERROR, INVOICE_STORAGE_KEY, storeInvoice } from '../../lib/invoiceStore';
import { makeInvoice } from '../../test/invoice';

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/\u00a0/g, ' ').trim();
const amount = (testId: string) => nbsp(screen.getByTestId(testId).textContent);

function renderInvoice(path = '/factura?id=7') {
  const router = createMemoryRouter(
    [
      { path: '/factura', element: <InvoicePage /> },
      { path: '/gestion', element: <h1>Panel de gerencia</h1> },
      { path: '/admin', element: <h1>Panel de administración</h1> },
      { path: '/auditoria', element: <h1>Auditoría</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('InvoicePage', () => {
  beforeEach(() => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'empresario' }) });
  });

  afterEach(() => {
    sessionStorage.clear();
    vi.useRealTimers();
  });

  it('shows the stored invoice without asking the server', () => {
    storeInvoice(makeInvoice());
    const fetchMock = mockFetch({});
    renderInvoice();

    expect(screen.getByRole('heading', { level: 1, name: 'Factura' })).toBeTruthy();
    expect(screen.getByTestId('factura-numero').textContent).toBe('F2026-000007');
    expect(screen.getByText('2 de marzo de 2026')).toBeTruthy();
    // Company legal data.
    expect(screen.getAllByText('Mudanzas Madrid S.L.').length).toBeGreaterThan(0);
    expect(screen.getByText('NIF: B12345678')).toBeTruthy();
    expect(screen.getByText('Calle de Alcalá 120')).toBeTruthy();
    expect(screen.getByText('28009 Madrid')).toBeTruthy();
    // Client and move.
    expect(screen.getByText('Marta Sánchez')).toBeTruthy();
    expect(screen.getByText('Calle de Alcalá 100, Madrid')).toBeTruthy();
    expect(screen.getByText('Avenida de América 20, Madrid')).toBeTruthy();
    expect(screen.getByText('lunes, 9 de marzo de 2026')).toBeTruthy();
    expect(screen.getByText('Mañana (8:00-12:00)')).toBeTruthy();
    expect(screen.getByText('Urgente')).toBeTruthy();
    expect(screen.getByText('Piso de 2 habitaciones')).toBeTruthy();
    expect(screen.getByText('Casa de 2 habitaciones')).toBeTruthy();
    // Services and objects.
    expect(screen.getByText('Desmontaje de muebles')).toBeTruthy();
    expect(screen.getByText('Sofá de 3 plazas')).toBeTruthy();
    expect(screen.getByText('Llamar al llegar.')).toBeTruthy();
    // Amounts, es-ES.
    const amounts = within(screen.getByRole('region', { name: 'Importes' }));
    expect(nbsp(amounts.getByRole('row', { name: /Precio base/ }).textContent)).toBe('Precio base1.000,00 €');
    expect(nbsp(amounts.getByRole('row', { name: /Coste por distancia/ }).textContent)).toContain('150,00 €');
    expect(nbsp(amounts.getByRole('row', { name: /Recargo por urgencia/ }).textContent)).toContain('24,56 €');
    expect(amount('factura-base-imponible')).toBe('1.234,56 €');
    expect(amounts.getByText('IVA (21 %)')).toBeTruthy();
    expect(amount('factura-iva')).toBe('259,26 €');
    expect(amount('factura-total')).toBe('1.493,82 €');
    expect(amount('factura-pagado')).toBe('300,00 €');
    expect(amount('factura-pendiente')).toBe('1.193,82 €');
    expect(screen.getByText('Garantía de 30 días en desmontaje y montaje.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.title).toBe('Factura F2026-000007 | Mudanzas');
  });

  it('says when VAT was not applied', () => {
    const invoice = makeInvoice();
    storeInvoice({
      ...invoice,
      importes: {
        ...invoice.importes,
        iva_aplicado: false,
        iva_porcentaje: 0,
        iva: 0,
        total: 1234.56,
        pendiente: 934.56,
      },
    });
    renderInvoice();
    expect(amount('factura-iva')).toBe('IVA no aplicado');
    expect(amount('factura-total')).toBe('1.234,56 €');
  });

  it('falls back to its own warranty line when the server sends none', () => {
    storeInvoice(makeInvoice({ garantia: '' }));
    renderInvoice();
    expect(screen.getByText(/Garantía de 30 días/).textContent).toContain('desmontaje y montaje');
  });

  it('fetches the invoice by ?id= when none is stored, and keeps it', async () => {
    const fetchMock = mockFetch({
      'GET /api/factura/7': () => jsonResponse({ success: true, factura: makeInvoice() }),
    });
    renderInvoice();
    expect(screen.getByRole('status').textContent).toBe('Cargando factura...');
    expect(await screen.findByTestId('factura-total')).toBeTruthy();
    expect(amount('factura-total')).toBe('1.493,82 €');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(INVOICE_STORAGE_KEY) ?? 'null')?.numero).toBe('F2026-000007');
  });

  it('fetches again when the stored invoice is of another move', async () => {
    storeInvoice(makeInvoice({ numero: 'F2026-000001', mudanza: { ...makeInvoice().mudanza, id: 1 } }));
    mockFetch({
      'GET /api/factura/7': () => jsonResponse({ success: true, factura: makeInvoice() }),
    });
    renderInvoice();
    expect(await screen.findByText('F2026-000007')).toBeTruthy();
    expect(screen.queryByText('F2026-000001')).toBeNull();
  });

  it('shows the §8 error when the server refuses, and retries', async () => {
    let calls = 0;
    mockFetch({
      'GET /api/factura/7': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ success: false, error: 'Mudanza no encontrada' }, 404)
          : jsonResponse({ success: true, factura: makeInvoice() });
      },
    });
    renderInvoice();
    expect((await screen.findByRole('alert')).textContent).toBe(INVOICE_ERROR);
    expect(screen.queryByRole('button', { name: 'Imprimir' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('factura-total')).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('shows the §8 error when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/factura/7': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderInvoice();
    expect((await screen.findByRole('alert')).textContent).toBe(INVOICE_ERROR);
  });

  it('shows the §8 error when there is neither a stored invoice nor an id', () => {
    const fetchMock = mockFetch({});
    renderInvoice('/factura');
    expect(screen.getByRole('alert').textContent).toBe(INVOICE_ERROR);
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the print instructions after 2 s, once, and they can be closed', () => {
    vi.useFakeTimers();
    storeInvoice(makeInvoice());
    renderInvoice();

    act(() => vi.advanceTimersByTime(PRINT_HELP_DELAY_MS - 1));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const dialog = screen.getByRole('dialog', { name: 'Instrucciones de impresión' });
    expect(dialog.textContent).toContain('A4');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Entendido' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(10 * PRINT_HELP_DELAY_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the overlay also closes with its close button', () => {
    vi.useFakeTimers();
    storeInvoice(makeInvoice());
    renderInvoice();
    act(() => vi.advanceTimersByTime(PRINT_HELP_DELAY_MS));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not show the print instructions while the invoice is still loading', () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/factura/7': () => new Promise<Response>(() => {}) });
    renderInvoice();
    act(() => vi.advanceTimersByTime(5 * PRINT_HELP_DELAY_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('prints with the print button and goes back to the panel', async () => {
    storeInvoice(makeInvoice());
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const router = renderInvoice();
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: /Volver al panel/ }));
    expect(await screen.findByRole('heading', { name: 'Panel de gerencia' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gestion');
  });

  it('sends an auditor back to their own panel', async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'auditor' }) });
    storeInvoice(makeInvoice());
    renderInvoice();
    fireEvent.click(screen.getByRole('button', { name: /Volver al panel/ }));
    expect(await screen.findByRole('heading', { name: 'Auditoría' })).toBeTruthy();
  });
});

describe('/factura in the route table', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  function renderApp(path: string) {
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    render(<RouterProvider router={router} />);
    return router;
  }

  it('sends visitors home', () => {
    useAuthStore.setState({ checking: false, user: null });
    const router = renderApp('/factura?id=7');
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends workers home (a client reads their own invoices)', () => {
    for (const role of ['empleado'] as const) {
      useAuthStore.setState({ checking: false, user: makeUser({ role }) });
      const router = renderApp('/factura?id=7');
      expect(router.state.location.pathname).toBe('/');
      router.dispose();
    }
  });

  it('shows managers the invoice without navbar and footer', async () => {
    useAuthStore.setState({ checking: false, user: makeUser({ role: 'empresario' }) });
    storeInvoice(makeInvoice());
    renderApp('/factura?id=7');
    expect((await screen.findByTestId('factura-numero')).textContent).toBe('F2026-000007');
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

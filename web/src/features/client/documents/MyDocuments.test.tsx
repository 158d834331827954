import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fixtures';
import { useClientMovesStore } from '../useClientMovesStore';
import { DOCUMENTS_TEXT, MyDocuments } from './MyDocuments';

function loaded() {
  useClientMovesStore.setState({ moves: [], loading: false });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('MyDocuments', () => {
  it('lists each issued document with its date, amount and PDF download', async () => {
    loaded();
    mockFetch({
      'GET /api/mis-documentos': () =>
        jsonResponse({
          success: true,
          documentos: [
            {
              tipo: 'factura',
              numero: 'F2026-000007',
              fecha_emision: '2026-12-01',
              mudanza_id: 14,
              origen: 'Calle del Pez 3, Madrid',
              destino: 'Calle Mayor 2, Getafe',
              total: 484,
              pdf: '/api/factura/14/pdf',
            },
            {
              tipo: 'albaran',
              numero: 'A2026-000003',
              fecha_emision: '2026-11-30',
              mudanza_id: 14,
              origen: 'Calle del Pez 3, Madrid',
              destino: 'Calle Mayor 2, Getafe',
              total: null,
              pdf: '/api/albaran/14/pdf',
            },
          ],
        }),
    });
    render(<MyDocuments />);
    const region = await screen.findByRole('region', { name: DOCUMENTS_TEXT.title });
    const invoice = await within(region).findByRole('link', { name: 'Descargar PDF de la factura F2026-000007' });
    expect(invoice.getAttribute('href')).toBe('/api/factura/14/pdf');
    expect(invoice.getAttribute('download')).toBe('factura-F2026-000007.pdf');
    expect(region.textContent).toContain('1 de diciembre de 2026 · Mudanza nº 14 · 484,00');
    const waybill = within(region).getByRole('link', { name: 'Descargar PDF del albarán A2026-000003' });
    expect(waybill.getAttribute('href')).toBe('/api/albaran/14/pdf');
    // A waybill has no amount.
    expect(within(waybill.closest('li') as HTMLElement).queryByText(/€/)).toBeNull();
  });

  it('says when there is nothing yet, and when the list could not be read', async () => {
    loaded();
    mockFetch({ 'GET /api/mis-documentos': () => jsonResponse({ success: true, documentos: [] }) });
    const { unmount } = render(<MyDocuments />);
    expect(await screen.findByText(DOCUMENTS_TEXT.empty)).toBeTruthy();
    unmount();
    mockFetch({ 'GET /api/mis-documentos': () => jsonResponse({ success: false, error: 'x' }, 500) });
    render(<MyDocuments />);
    expect(await screen.findByText(DOCUMENTS_TEXT.failed)).toBeTruthy();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fixtures';
import { INVOICE_ERROR, INVOICE_STORAGE_KEY, openInvoice, readStoredInvoice, storeInvoice } from './invoiceStore';
import { makeInvoice } from '../test/invoice';

vi.mock('./browser', () => ({ reloadPage: vi.fn(), showAlert: vi.fn() }));
const { showAlert } = await import('./browser');

describe('openInvoice', () => {
  beforeEach(() => {
    vi.mocked(showAlert).mockClear();
  });

  afterEach(() => {
    sessionStorage.clear();
  });

  it('fetches the invoice, keeps it under one key and opens /factura?id=', async () => {
    const fetchMock = mockFetch({
      'GET /api/factura/7': () => jsonResponse({ success: true, factura: makeInvoice() }),
    });
    const navigate = vi.fn();
    await expect(openInvoice(7, navigate)).resolves.toBe(true);

    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(navigate).toHaveBeenCalledWith('/factura?id=7');
    expect(Object.keys(sessionStorage)).toEqual([INVOICE_STORAGE_KEY]);
    expect(readStoredInvoice()?.numero).toBe('F2026-000007');
    expect(showAlert).not.toHaveBeenCalled();
  });

  it('issues the invoice with a POST when asked to: a GET only reads one issued', async () => {
    const fetchMock = mockFetch({
      'POST /api/factura/7/emitir': () => jsonResponse({ success: true, factura: makeInvoice() }),
    });
    const navigate = vi.fn();
    await expect(openInvoice(7, navigate, true)).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/factura?id=7');
    expect(readStoredInvoice()?.numero).toBe('F2026-000007');
  });

  it('alerts the §8 message and stays when the server refuses', async () => {
    mockFetch({
      'GET /api/factura/9': () => jsonResponse({ success: false, error: 'Mudanza no encontrada' }, 404),
    });
    const navigate = vi.fn();
    await expect(openInvoice(9, navigate)).resolves.toBe(false);
    expect(showAlert).toHaveBeenCalledWith(INVOICE_ERROR);
    expect(navigate).not.toHaveBeenCalled();
    expect(sessionStorage.getItem(INVOICE_STORAGE_KEY)).toBeNull();
  });

  it('alerts the §8 message when the server cannot be reached', async () => {
    mockFetch({
      'GET /api/factura/9': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const navigate = vi.fn();
    await expect(openInvoice(9, navigate)).resolves.toBe(false);
    expect(showAlert).toHaveBeenCalledWith(INVOICE_ERROR);
  });
});

describe('the stored invoice', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('ignores what is not an invoice', () => {
    sessionStorage.setItem(INVOICE_STORAGE_KEY, '{"numero": 3}');
    expect(readStoredInvoice()).toBeNull();
    sessionStorage.setItem(INVOICE_STORAGE_KEY, 'no es JSON');
    expect(readStoredInvoice()).toBeNull();
  });

  it('reads back what was stored', () => {
    storeInvoice(makeInvoice());
    expect(readStoredInvoice()).toEqual(makeInvoice());
  });
});

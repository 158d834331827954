// §2/§7: the manager dashboard issues the invoice (POST /api/factura/{id}/emitir) or reads the one
// issued (GET /api/factura/{id}), keeps it locally and opens /factura, which reads it from there. sessionStorage: it survives a reload of the invoice tab
// but not the browser session, and is not shared with other tabs' sessions.
import type { NavigateFunction } from 'react-router-dom';
import { fetchInvoice, issueInvoice, type Invoice } from './api';
import { showAlert } from './browser';

/** §8. */
export const INVOICE_ERROR = 'Error al cargar la factura. Por favor, inténtelo de nuevo.';

/** The one key under which the last opened invoice is kept. */
export const INVOICE_STORAGE_KEY = 'mudanzas.factura';

export function invoicePath(moveId: number): string {
  return `/factura?id=${encodeURIComponent(String(moveId))}`;
}

/** A stored or received invoice has at least what the page needs to draw it. */
export function isInvoice(data: unknown): data is Invoice {
  if (typeof data !== 'object' || data === null) return false;
  const d = data as Partial<Invoice>;
  return (
    typeof d.numero === 'string' &&
    typeof d.mudanza === 'object' &&
    d.mudanza !== null &&
    typeof d.mudanza.id === 'number' &&
    typeof d.importes === 'object' &&
    d.importes !== null &&
    typeof d.empresa === 'object' &&
    d.empresa !== null &&
    typeof d.cliente === 'object' &&
    d.cliente !== null
  );
}

export function storeInvoice(invoice: Invoice): void {
  try {
    sessionStorage.setItem(INVOICE_STORAGE_KEY, JSON.stringify(invoice));
  } catch {
    /* storage unavailable: the page fetches the invoice itself */
  }
}

/** The stored invoice, or null when there is none (or it is unreadable). */
export function readStoredInvoice(): Invoice | null {
  try {
    const raw = sessionStorage.getItem(INVOICE_STORAGE_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    return isInvoice(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Asks the server for a move's invoice: the one issued, or, with `issue`, issuing it when there is
 * none yet (a GET never issues). Throws on any failure.
 */
export async function loadInvoice(moveId: number, issue = false): Promise<Invoice> {
  const response = await (issue ? issueInvoice(moveId) : fetchInvoice(moveId));
  const invoice = response.body?.factura;
  if (!response.ok || !response.body?.success || !isInvoice(invoice)) {
    throw new Error(`factura respondió ${response.status}`);
  }
  return invoice;
}

/**
 * What the dashboard's invoice button does: issue it (`issue`, the 'Generar factura' button) or
 * fetch the one issued, keep it locally, open /factura?id=.
 * On failure it shows the §8 alert and stays; resolves to whether the page was opened.
 */
export async function openInvoice(moveId: number, navigate: NavigateFunction, issue = false): Promise<boolean> {
  let invoice: Invoice;
  try {
    invoice = await loadInvoice(moveId, issue);
  } catch {
    showAlert(INVOICE_ERROR);
    return false;
  }
  storeInvoice(invoice);
  await navigate(invoicePath(moveId));
  return true;
}

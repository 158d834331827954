import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Modal } from '../../components/Modal';
import type { Invoice } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { staffDashboardFor } from '../../lib/access';
import { useAuthStore } from '../../lib/useAuthStore';
import { InvoiceDocument } from './InvoiceDocument';
import { INVOICE_ERROR, loadInvoice, readStoredInvoice, storeInvoice } from '../../lib/invoiceStore';
import './InvoicePage.css';

/** §9: the print instructions appear 2 s after the invoice is shown. */
export const PRINT_HELP_DELAY_MS = 2000;

type PageState = { kind: 'loading' } | { kind: 'ready'; invoice: Invoice } | { kind: 'error' };

/** The `id` query parameter as a move id, or null when absent or not a positive whole number. */
function parseMoveId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The stored invoice when it is the one asked for (or none was asked for). */
function storedFor(moveId: number | null): Invoice | null {
  const stored = readStoredInvoice();
  return stored && (moveId === null || stored.mudanza.id === moveId) ? stored : null;
}

/** §2 'Invoice page': reads the invoice kept locally (or fetches it by ?id=) and prints it. */
export function InvoicePage() {
  const [searchParams] = useSearchParams();
  const moveId = parseMoveId(searchParams.get('id'));
  const navigate = useNavigate();
  const role = useAuthStore((s) => s.user?.role);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PageState>(() => {
    const stored = storedFor(moveId);
    return stored ? { kind: 'ready', invoice: stored } : { kind: 'loading' };
  });
  const [showHelp, setShowHelp] = useState(false);
  const helpShown = useRef(false);

  useDocumentTitle(state.kind === 'ready' ? `Factura ${state.invoice.numero}` : 'Factura');

  useEffect(() => {
    const stored = storedFor(moveId);
    if (stored) {
      setState({ kind: 'ready', invoice: stored });
      return;
    }
    if (moveId === null) {
      setState({ kind: 'error' });
      return;
    }
    let cancelled = false;
    setState({ kind: 'loading' });
    loadInvoice(moveId).then(
      (invoice) => {
        if (cancelled) return;
        storeInvoice(invoice);
        setState({ kind: 'ready', invoice });
      },
      () => {
        if (!cancelled) setState({ kind: 'error' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [moveId, attempt]);

  const ready = state.kind === 'ready';
  useEffect(() => {
    if (!ready || helpShown.current) return;
    const timer = window.setTimeout(() => {
      helpShown.current = true;
      setShowHelp(true);
    }, PRINT_HELP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready]);

  const backToPanel = () => {
    void navigate(role ? staffDashboardFor(role) : '/gestion');
  };

  const toolbar = (
    <div className="invoice-page__toolbar invoice-page__no-print">
      <button type="button" className="button button--ghost" onClick={backToPanel}>
        <span aria-hidden="true">←</span> Volver al panel
      </button>
      {ready && (
        <>
          <a
            className="button button--outline"
            href={`/api/factura/${state.invoice.mudanza.id}/pdf`}
            download={`factura-${state.invoice.numero}.pdf`}
          >
            Descargar PDF
          </a>
          <button type="button" className="button button--primary" onClick={() => window.print()}>
            Imprimir
          </button>
        </>
      )}
    </div>
  );

  if (state.kind === 'loading') {
    return (
      <div className="invoice-page">
        {toolbar}
        <p className="invoice-page__message" role="status">
          Cargando factura...
        </p>
      </div>
    );
  }

  if (state.kind === 'error') {
    return (
      <div className="invoice-page">
        {toolbar}
        <div className="invoice-page__problem">
          <h1 className="invoice-page__problem-title">Factura</h1>
          <p className="form__error" role="alert">
            {INVOICE_ERROR}
          </p>
          {moveId !== null && (
            <button type="button" className="button button--outline" onClick={() => setAttempt((n) => n + 1)}>
              Reintentar
            </button>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="invoice-page">
      {toolbar}
      <div className="invoice-page__sheet">
        <InvoiceDocument invoice={state.invoice} />
      </div>
      {showHelp && (
        <div className="invoice-page__no-print">
          <Modal
            title="Instrucciones de impresión"
            intro="Para obtener la factura en papel o en PDF:"
            onClose={() => setShowHelp(false)}
            className="invoice-help"
          >
            <ol className="invoice-help__steps">
              <li>
                Pulse <strong>Imprimir</strong> o use <kbd>Ctrl</kbd> + <kbd>P</kbd> (<kbd>⌘</kbd> + <kbd>P</kbd> en
                Mac).
              </li>
              <li>
                Elija su impresora o <strong>Guardar como PDF</strong>.
              </li>
              <li>
                Tamaño del papel: <strong>A4</strong>, orientación vertical, márgenes predeterminados.
              </li>
              <li>
                Desactive <strong>Encabezados y pies de página</strong> para que el navegador no añada la dirección web.
              </li>
            </ol>
            <button type="button" className="button button--primary button--block" onClick={() => setShowHelp(false)}>
              Entendido
            </button>
          </Modal>
        </div>
      )}
    </div>
  );
}

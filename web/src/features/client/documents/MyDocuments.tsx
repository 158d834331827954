import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { fetchMyDocuments, type OwnDocument } from '../../../lib/api';
import { formatEuros, formatLongDate } from '../../../lib/format';
import { useMovesChangeKey } from '../useClientMovesStore';
import './MyDocuments.css';

/** Where 'Descargar factura' leads: this section of the dashboard. */
export const DOCUMENTS_ANCHOR = 'mis-documentos';

export const DOCUMENTS_TEXT = {
  title: 'Tus facturas y albaranes',
  empty: 'Aún no tienes documentos. La factura aparece aquí cuando la emitimos, y el albarán cuando se genera.',
  failed: 'No se pudieron cargar tus documentos. Inténtalo de nuevo más tarde.',
} as const;

const KIND_LABEL: Record<OwnDocument['tipo'], string> = { factura: 'Factura', albaran: 'Albarán' };
/** The link's name begins with its visible text, then says which document. */
const PDF_OF: Record<OwnDocument['tipo'], string> = { factura: 'de la factura', albaran: 'del albarán' };

/** Bumped when this page itself issues a document (the move card's waybill): the list reads again. */
const useIssuedHere = create<{ count: number }>(() => ({ count: 0 }));

export function documentIssued(): void {
  useIssuedHere.setState((s) => ({ count: s.count + 1 }));
}

/**
 * What a new document depends on: a move's status or payment changing is when the company
 * issues its invoice or waybill, so the list is read again then, as live as the moves.
 */
function useRefreshKey(): string | null {
  const moves = useMovesChangeKey();
  const issuedHere = useIssuedHere((s) => s.count);
  return moves === null ? null : `${moves}|${issuedHere}`;
}

/** The client's issued invoices and waybills, each downloadable as the PDF the server makes. */
export function MyDocuments() {
  const [documents, setDocuments] = useState<OwnDocument[] | null>(null);
  const [failed, setFailed] = useState(false);
  const refresh = useRefreshKey();

  useEffect(() => {
    if (refresh === null) return;
    let current = true;
    fetchMyDocuments()
      .then((response) => {
        if (!current) return;
        if (!response.ok || !response.body?.success || !Array.isArray(response.body.documentos)) {
          throw new Error(`mis-documentos respondió ${response.status}`);
        }
        setDocuments(response.body.documentos);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [refresh]);

  return (
    <section id={DOCUMENTS_ANCHOR} className="my-documents" aria-labelledby="my-documents-title" tabIndex={-1}>
      <h2 id="my-documents-title" className="client-section-title">
        {DOCUMENTS_TEXT.title}
      </h2>
      {failed && documents === null ? (
        <p className="client-hint" role="status">
          {DOCUMENTS_TEXT.failed}
        </p>
      ) : documents === null ? (
        <p className="client-hint" role="status">
          Cargando documentos...
        </p>
      ) : documents.length === 0 ? (
        <p className="client-hint">{DOCUMENTS_TEXT.empty}</p>
      ) : (
        <ul className="my-documents__list">
          {documents.map((d) => (
            <li key={d.numero} className="my-document">
              <div className="my-document__text">
                <p className="my-document__title">
                  {KIND_LABEL[d.tipo]} <span className="my-document__number">{d.numero}</span>
                </p>
                <p className="my-document__meta">
                  {formatLongDate(d.fecha_emision)} · Mudanza nº {d.mudanza_id}
                  {d.total !== null && d.total !== undefined ? ` · ${formatEuros(d.total)}` : ''}
                </p>
                <p className="my-document__route">
                  {d.origen} → {d.destino}
                </p>
              </div>
              <a
                className="button button--outline my-document__download"
                href={d.pdf}
                download={`${d.tipo}-${d.numero}.pdf`}
                aria-label={`Descargar PDF ${PDF_OF[d.tipo]} ${d.numero}`}
              >
                Descargar PDF
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Modal } from '../../components/Modal';
import * as api from '../../lib/api';
import type { CatalogueObject } from '../../lib/api';
import { filterCatalogue, SEARCH_DELAY_MS } from './calculator';
import { ObjectCard } from './ObjectCard';
import { useDebouncedValue } from './useDebouncedValue';

export const NO_MATCHES = 'No se encontraron objetos que coincidan';
export const CATALOGUE_ERROR = 'No se pudo cargar el catálogo de objetos.';

type Catalogue = { status: 'loading' } | { status: 'ready'; objects: CatalogueObject[] } | { status: 'error' };

/**
 * The object search popup (§2): the whole catalogue once, filtered here as the user types
 * (§7: client-side, 300 ms after typing stops; §5: case and accents ignored), with quantities.
 */
export function ObjectSearchDialog({ onClose }: { onClose: () => void }) {
  const [catalogue, setCatalogue] = useState<Catalogue>({ status: 'loading' });
  const [query, setQuery] = useState('');
  const settledQuery = useDebouncedValue(query, SEARCH_DELAY_MS);
  const inputRef = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    let cancelled = false;
    setCatalogue({ status: 'loading' });
    api
      .fetchCatalogue()
      .then((objects) => !cancelled && setCatalogue({ status: 'ready', objects }))
      .catch(() => !cancelled && setCatalogue({ status: 'error' }));
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => load(), [load]);

  const shown = useMemo(
    () => (catalogue.status === 'ready' ? filterCatalogue(catalogue.objects, settledQuery) : []),
    [catalogue, settledQuery],
  );

  return (
    <Modal title="Buscar objetos" onClose={onClose} initialFocus={inputRef} className="pf-search">
      <div className="form__field">
        <label className="form__label" htmlFor="pf-buscar">
          Nombre del objeto
        </label>
        <input
          ref={inputRef}
          id="pf-buscar"
          className="input"
          type="search"
          placeholder="Ej.: sofá, colchón, lavadora..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>

      <div className="pf-search__results" aria-live="polite">
        {catalogue.status === 'loading' && <p className="pf-muted">Cargando catálogo...</p>}
        {catalogue.status === 'error' && (
          <div className="form__error">
            <p>{CATALOGUE_ERROR}</p>
            <button type="button" className="button button--ghost" onClick={load}>
              Reintentar
            </button>
          </div>
        )}
        {catalogue.status === 'ready' && shown.length === 0 && <p className="pf-muted">{NO_MATCHES}</p>}
        {catalogue.status === 'ready' && shown.length > 0 && (
          <>
            <p className="sr-only">
              {shown.length} {shown.length === 1 ? 'objeto encontrado' : 'objetos encontrados'}
            </p>
            <ul className="pf-objects pf-objects--list" aria-label="Resultados de la búsqueda">
              {shown.map((object) => (
                <ObjectCard key={object.id} object={object} compact />
              ))}
            </ul>
          </>
        )}
      </div>

      <div className="pf-search__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          Hecho
        </button>
      </div>
    </Modal>
  );
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from '../../components/icons';
import * as api from '../../lib/api';
import type { CatalogueObject, ObjectCategory } from '../../lib/api';
import { CATEGORIES, OFFER_PACKS, PACKS_OUTSIDE_M30, packsAvailable, totalUnits } from './calculator';
import { ObjectCard } from './ObjectCard';
import { ObjectSearchDialog } from './ObjectSearchDialog';
import { usePriceFinderStore } from './usePriceFinderStore';

export const CATEGORY_ERROR = 'No se pudieron cargar los objetos de esta categoría.';

type CategoryList = { status: 'loading' } | { status: 'ready'; objects: CatalogueObject[] } | { status: 'error' };

function CategoryTabs() {
  const [category, setCategory] = useState<ObjectCategory>('sofas');
  const [lists, setLists] = useState<Partial<Record<ObjectCategory, CategoryList>>>({});
  const [attempt, setAttempt] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const list = lists[category];

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    // Each category is asked for once; "Reintentar" forgets a failed one and asks again. An answer
    // still lands after the user moved to another tab: it is kept under its own category.
    if (list) return;
    setLists((l) => ({ ...l, [category]: { status: 'loading' } }));
    api
      .fetchObjectsByCategory(category)
      .then((objects) => mounted.current && setLists((l) => ({ ...l, [category]: { status: 'ready', objects } })))
      .catch(() => mounted.current && setLists((l) => ({ ...l, [category]: { status: 'error' } })));
  }, [category, attempt, list]);

  // Tabs pattern: arrows, Home and End move between categories.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = CATEGORIES.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    setCategory(CATEGORIES[target]!.value);
    tabRefs.current[target]?.focus();
  };

  const retry = () => {
    setLists((l) => ({ ...l, [category]: undefined }));
    setAttempt((a) => a + 1);
  };

  return (
    <div className="pf-tabs">
      <div className="pf-tabs__list" role="tablist" aria-label="Categorías de objetos">
        {CATEGORIES.map((c, index) => (
          <button
            key={c.value}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            id={`pf-tab-${c.value}`}
            type="button"
            role="tab"
            aria-selected={c.value === category}
            aria-controls="pf-tab-panel"
            tabIndex={c.value === category ? 0 : -1}
            className={`pf-tabs__tab${c.value === category ? ' is-active' : ''}`}
            onClick={() => setCategory(c.value)}
            onKeyDown={(e) => onKeyDown(e, index)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <div id="pf-tab-panel" role="tabpanel" aria-labelledby={`pf-tab-${category}`} className="pf-tabs__panel">
        {(!list || list.status === 'loading') && <p className="pf-muted">Cargando objetos...</p>}
        {list?.status === 'error' && (
          <div className="form__error">
            <p>{CATEGORY_ERROR}</p>
            <button type="button" className="button button--ghost" onClick={retry}>
              Reintentar
            </button>
          </div>
        )}
        {list?.status === 'ready' &&
          (list.objects.length === 0 ? (
            <p className="pf-muted">No hay objetos en esta categoría.</p>
          ) : (
            <ul className="pf-objects">
              {list.objects.map((object) => (
                <ObjectCard key={object.id} object={object} />
              ))}
            </ul>
          ))}
      </div>
    </div>
  );
}

function SelectedObjects() {
  const objects = usePriceFinderStore((s) => s.objects);
  const resetObjects = usePriceFinderStore((s) => s.resetObjects);
  const units = totalUnits(objects);
  return (
    <div className="pf-selected">
      <p className="pf-selected__count" aria-live="polite">
        {units === 0
          ? 'Ningún objeto seleccionado'
          : `${units} ${units === 1 ? 'objeto seleccionado' : 'objetos seleccionados'}`}
      </p>
      {objects.length > 0 && (
        <ul className="pf-chips" aria-label="Objetos seleccionados">
          {objects.map((o) => (
            <li key={o.id} className="pf-chip">
              {o.quantity} × {o.nombre}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--ghost" disabled={objects.length === 0} onClick={resetObjects}>
        Vaciar objetos
      </button>
    </div>
  );
}

function OfferPacks() {
  const offerPack = usePriceFinderStore((s) => s.offerPack);
  const selectPack = usePriceFinderStore((s) => s.selectPack);
  const resetPack = usePriceFinderStore((s) => s.resetPack);
  const available = usePriceFinderStore(packsAvailable);
  return (
    <section className="pf-packs" aria-labelledby="pf-packs-title">
      <div className="pf-packs__head">
        <h3 id="pf-packs-title" className="pf-section-title">
          Packs de oferta
        </h3>
        <button type="button" className="button button--ghost" disabled={offerPack === null} onClick={resetPack}>
          Quitar pack
        </button>
      </div>
      <p className="pf-muted">
        Precio con descuento cuando el origen y el destino están dentro de la M-30. El volumen que pase del pack se
        cobra aparte, a la tarifa normal.
      </p>
      {!available && (
        <p id="pf-packs-zona" className="pf-packs__unavailable">
          {PACKS_OUTSIDE_M30}.
        </p>
      )}
      <ul className={`pf-packs__list${available ? '' : ' is-unavailable'}`}>
        {OFFER_PACKS.map((pack) => {
          const selected = offerPack === pack.id;
          return (
            <li key={pack.id} className={`pf-pack${selected ? ' is-selected' : ''}`}>
              <span className="pf-pack__discount">-{pack.discount} %</span>
              <p className="pf-pack__name">{pack.name}</p>
              <p className="pf-pack__price">
                Desde <strong>{pack.from} €</strong>
              </p>
              <p className="pf-pack__text">{pack.description}</p>
              <p className="pf-pack__zone">Solo dentro de la M-30</p>
              <button
                type="button"
                className={`button ${selected ? 'button--primary' : 'button--outline'} button--block`}
                aria-pressed={selected}
                disabled={!available}
                aria-describedby={available ? undefined : 'pf-packs-zona'}
                onClick={() => (selected ? resetPack() : selectPack(pack.id))}
              >
                {selected ? `${pack.name} elegido` : `Elegir ${pack.name}`}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Slide 3: objects by category, the search popup, quantities, resets and the offer packs (§2, §3). */
export function ObjectsSlide() {
  const [searching, setSearching] = useState(false);
  return (
    <div className="pf-slide__body">
      <div className="pf-objects__toolbar">
        <button type="button" className="button button--outline" onClick={() => setSearching(true)}>
          <SearchIcon width={18} height={18} />
          Buscar objeto
        </button>
      </div>
      <CategoryTabs />
      <SelectedObjects />
      <OfferPacks />
      {searching && <ObjectSearchDialog onClose={() => setSearching(false)} />}
    </div>
  );
}

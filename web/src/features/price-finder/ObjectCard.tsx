import { useState } from 'react';
import type { CatalogueObject } from '../../lib/api';
import { MAX_OBJECT_QUANTITY, objectImageSrc } from './calculator';
import { QuantityStepper } from './QuantityStepper';
import { usePriceFinderStore } from './usePriceFinderStore';
import { formatNumber } from '../../lib/format';

/** §8: an image that fails to load is hidden; one that is not valid base64 is never tried. */
function ObjectImage({ object }: { object: CatalogueObject }) {
  const [failed, setFailed] = useState(false);
  const src = objectImageSrc(object);
  if (!src || failed) return <span className="pf-object__image pf-object__image--none" aria-hidden="true" />;
  return <img className="pf-object__image" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
}

/** One catalogue object with its quantity; 0 means not moved. */
export function ObjectCard({ object, compact = false }: { object: CatalogueObject; compact?: boolean }) {
  const quantity = usePriceFinderStore((s) => s.objects.find((o) => o.id === object.id)?.quantity ?? 0);
  const setObjectQuantity = usePriceFinderStore((s) => s.setObjectQuantity);
  return (
    <li className={`pf-object${quantity > 0 ? ' is-selected' : ''}${compact ? ' pf-object--compact' : ''}`}>
      <ObjectImage object={object} />
      <span className="pf-object__text">
        <span className="pf-object__name">{object.nombre}</span>
        <span className="pf-object__meta">
          {[object.dimensiones, object.peso ? `${formatNumber(object.peso)} kg` : null].filter(Boolean).join(' · ')}
        </span>
      </span>
      <QuantityStepper
        name={object.nombre}
        value={quantity}
        min={0}
        max={MAX_OBJECT_QUANTITY}
        onChange={(q) => setObjectQuantity(object, q)}
      />
    </li>
  );
}

import { Select } from '../../components/FormField';
import { showsElevator } from '../../lib/moveOptions';
import { usePriceFinderStore, type Side } from './usePriceFinderStore';
import { FLOORS, hasFloors, ACCESS_TYPES, PROPERTY_TYPES } from '../../lib/options';

const SIDES: readonly { side: Side; title: string }[] = [
  { side: 'origin', title: 'Origen' },
  { side: 'destination', title: 'Destino' },
];

function PropertyFieldset({ side, title }: { side: Side; title: string }) {
  const property = usePriceFinderStore((s) => s[side]);
  const setPropertyType = usePriceFinderStore((s) => s.setPropertyType);
  const setFloor = usePriceFinderStore((s) => s.setFloor);
  const setElevator = usePriceFinderStore((s) => s.setElevator);
  const setAccess = usePriceFinderStore((s) => s.setAccess);
  const prefix = `pf-${side}`;

  return (
    <fieldset className="pf-fieldset">
      <legend>{title}</legend>
      {property.address.trim() !== '' && <p className="pf-fieldset__address">{property.address}</p>}
      <Select
        id={`${prefix}-tipo`}
        label="Tipo de vivienda"
        value={property.propertyType}
        options={PROPERTY_TYPES}
        onChange={(v) => setPropertyType(side, v)}
      />
      {/* §4: floors only for apartments, studios and shared floors. */}
      {hasFloors(property.propertyType) && (
        <Select
          id={`${prefix}-planta`}
          label="Planta"
          value={property.floor}
          options={FLOORS}
          onChange={(v) => setFloor(side, v)}
        />
      )}
      {showsElevator(property.propertyType, property.floor) && (
        <label className="pf-check">
          <input type="checkbox" checked={property.elevator} onChange={(e) => setElevator(side, e.target.checked)} />
          <span>Hay ascensor</span>
        </label>
      )}
      <Select
        id={`${prefix}-acceso`}
        label="Acceso"
        value={property.access}
        options={ACCESS_TYPES}
        onChange={(v) => setAccess(side, v)}
      />
    </fieldset>
  );
}

/** Slide 2: the property at each end, its floor, elevator and access (§4 floor/elevator rules). */
export function PropertiesSlide() {
  return (
    <div className="pf-slide__body pf-grid pf-grid--2">
      {SIDES.map(({ side, title }) => (
        <PropertyFieldset key={side} side={side} title={title} />
      ))}
    </div>
  );
}

import { useEffect } from 'react';
import { ClockIcon, PinIcon, TruckIcon } from '../../components/icons';
import { AddressAutocomplete } from './AddressAutocomplete';
import { currentRoute, routeQueryReady, ROUTE_DELAY_MS } from './calculator';
import { useDebouncedValue } from './useDebouncedValue';
import { usePriceFinderStore } from './usePriceFinderStore';

export const ROUTE_ERROR = {
  title: 'Error en el cálculo',
  text: 'No se pudo calcular la ruta entre las direcciones proporcionadas',
  hints: [
    'Verifica que las direcciones estén bien escritas.',
    'Incluye la ciudad y el país (por ejemplo: Calle Mayor 2, 28801 Alcalá de Henares, España).',
  ],
} as const;

const STATUS_ID = 'pf-ruta-estado';

/** Slide 1: origin and destination with suggestions, and the route between them (§2, §7, §8). */
export function AddressesSlide() {
  const origin = usePriceFinderStore((s) => s.origin.address);
  const destination = usePriceFinderStore((s) => s.destination.address);
  const route = usePriceFinderStore(currentRoute);
  const setAddress = usePriceFinderStore((s) => s.setAddress);
  const loadRoute = usePriceFinderStore((s) => s.loadRoute);
  const retryRoute = usePriceFinderStore((s) => s.retryRoute);

  // §7: the route is asked for 2 s after typing stops in either field.
  const key = `${origin}\n${destination}`;
  const settled = useDebouncedValue(key, ROUTE_DELAY_MS);
  useEffect(() => {
    if (settled === key) void loadRoute();
  }, [settled, key, loadRoute]);

  return (
    <div className="pf-slide__body">
      <div className="pf-grid pf-grid--2">
        <AddressAutocomplete
          id="pf-origen"
          label="Dirección de origen"
          placeholder="Calle, número, código postal y ciudad"
          value={origin}
          onChange={(v) => setAddress('origin', v)}
          describedBy={STATUS_ID}
        />
        <AddressAutocomplete
          id="pf-destino"
          label="Dirección de destino"
          placeholder="Calle, número, código postal y ciudad"
          value={destination}
          onChange={(v) => setAddress('destination', v)}
          describedBy={STATUS_ID}
        />
      </div>

      <div id={STATUS_ID} className="pf-route" role="status" aria-live="polite">
        {route.status === 'idle' && !routeQueryReady(origin, destination) && (
          <p className="pf-muted">
            Escribe las dos direcciones completas (calle, número, código postal y ciudad) y calcularemos la ruta.
          </p>
        )}
        {route.status === 'loading' && <p className="pf-muted pf-route__loading">Calculando la ruta...</p>}
        {route.status === 'ready' && (
          <div className="pf-route__result">
            <dl className="pf-route__figures">
              <div>
                <dt>
                  <TruckIcon width={18} height={18} /> Distancia
                </dt>
                <dd>{route.distanceText}</dd>
              </div>
              <div>
                <dt>
                  <ClockIcon width={18} height={18} /> Duración estimada
                </dt>
                <dd>{route.durationText}</dd>
              </div>
            </dl>
            {route.image && (
              <img
                className="pf-route__image"
                src={route.image}
                alt={`Mapa de la ruta de ${route.origin} a ${route.destination}`}
              />
            )}
            <p className="pf-route__ends">
              <PinIcon width={16} height={16} /> {route.origin} → {route.destination}
            </p>
          </div>
        )}
        {route.status === 'error' && (
          <div className="pf-error-panel">
            <p className="pf-error-panel__title">{ROUTE_ERROR.title}</p>
            <p>{ROUTE_ERROR.text}</p>
            <ul>
              {ROUTE_ERROR.hints.map((hint) => (
                <li key={hint}>{hint}</li>
              ))}
            </ul>
            <button type="button" className="button button--ghost" onClick={() => void retryRoute()}>
              Reintentar
            </button>
          </div>
        )}
      </div>
    </div>
  );
}

import { MAX_QUANTITY, MIN_QUANTITY } from '../../lib/moveOptions';
import { QuantityStepper } from './QuantityStepper';
import { usePriceFinderStore } from './usePriceFinderStore';

type Flag = 'dismount' | 'packaging' | 'bestPackaging' | 'cleaning' | 'fragile' | 'longStairs';

/** §3 optional services, with what each one means. */
export const SERVICES: readonly {
  key: Flag;
  label: string;
  text: string;
  quantity?: { key: 'dismountQuantity' | 'packagingQuantity'; name: string };
}[] = [
  {
    key: 'dismount',
    label: 'Desmontaje y montaje de muebles',
    text: 'Desmontamos los muebles en el origen y los volvemos a montar en el destino.',
    quantity: { key: 'dismountQuantity', name: 'muebles a desmontar' },
  },
  {
    key: 'packaging',
    label: 'Embalaje de objetos',
    text: 'Protegemos con mantas, film y cartón los objetos que nos digas.',
    quantity: { key: 'packagingQuantity', name: 'objetos a embalar' },
  },
  {
    key: 'bestPackaging',
    label: 'Embalaje profesional',
    text: 'Lo embalamos todo por ti, con material profesional, antes de la mudanza.',
  },
  { key: 'cleaning', label: 'Limpieza', text: 'Dejamos limpia la vivienda de origen cuando quede vacía.' },
  {
    key: 'fragile',
    label: 'Objetos frágiles',
    text: 'Cuidado y embalaje especial para cristal, vajilla, cuadros o espejos.',
  },
  { key: 'longStairs', label: 'Escaleras largas', text: 'Hay que subir o bajar 4 o más plantas por la escalera.' },
];

/** Slide 4: the optional services, their quantities (1-10, §5) and special instructions. */
export function ServicesSlide() {
  const services = usePriceFinderStore((s) => s.services);
  const instructions = usePriceFinderStore((s) => s.instructions);
  const setService = usePriceFinderStore((s) => s.setService);
  const setServiceQuantity = usePriceFinderStore((s) => s.setServiceQuantity);
  const setInstructions = usePriceFinderStore((s) => s.setInstructions);

  return (
    <div className="pf-slide__body">
      <fieldset className="pf-fieldset pf-fieldset--plain">
        <legend className="sr-only">Servicios opcionales</legend>
        <ul className="pf-services">
          {SERVICES.map((service) => {
            const on = services[service.key];
            return (
              <li key={service.key} className={`pf-service${on ? ' is-selected' : ''}`}>
                <label className="pf-service__label">
                  <input
                    type="checkbox"
                    checked={on}
                    aria-describedby={`pf-servicio-${service.key}`}
                    onChange={(e) => setService(service.key, e.target.checked)}
                  />
                  <span className="pf-service__name">{service.label}</span>
                </label>
                <p id={`pf-servicio-${service.key}`} className="pf-service__text">
                  {service.text}
                </p>
                {service.quantity && on && (
                  <div className="pf-service__quantity">
                    <span aria-hidden="true">Cantidad de {service.quantity.name}</span>
                    <QuantityStepper
                      name={service.quantity.name}
                      value={services[service.quantity.key]}
                      min={MIN_QUANTITY}
                      max={MAX_QUANTITY}
                      onChange={(q) => setServiceQuantity(service.quantity!.key, q)}
                    />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="form__field">
        <label className="form__label" htmlFor="pf-instrucciones">
          Instrucciones especiales <span className="pf-optional">(opcional)</span>
        </label>
        <textarea
          id="pf-instrucciones"
          className="input pf-textarea"
          rows={3}
          maxLength={1000}
          placeholder="Ej.: portero automático, horario de carga y descarga, un piano..."
          value={instructions}
          onChange={(e) => setInstructions(e.target.value)}
        />
      </div>
    </div>
  );
}

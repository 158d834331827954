import type { ReactNode } from 'react';
import { currentRoute, type Step } from './calculator';
import { PriceSection } from './PriceSection';
import { QuoteForm } from './QuoteForm';
import { describeProperty, describeSchedule, describeServices, packName } from './summary';
import { usePriceFinderStore } from './usePriceFinderStore';

function SummaryBlock({ title, step, children }: { title: string; step: Step; children: ReactNode }) {
  const goTo = usePriceFinderStore((s) => s.goTo);
  return (
    <div className="pf-summary__block">
      <div className="pf-summary__head">
        <h3 className="pf-summary__title">{title}</h3>
        <button
          type="button"
          className="pf-link-button"
          aria-label={`Cambiar ${title.toLowerCase()}`}
          onClick={() => goTo(step)}
        >
          Cambiar
        </button>
      </div>
      {children}
    </div>
  );
}

/** Slide 6: everything chosen, the price (asked for on entering) and the quote request form. */
export function SummarySlide() {
  const state = usePriceFinderStore();
  const route = currentRoute(state);
  const services = describeServices(state);
  const schedule = describeSchedule(state);
  const pack = packName(state.offerPack);

  return (
    <div className="pf-slide__body">
      <div className="pf-summary">
        <SummaryBlock title="Ruta" step={1}>
          <p>
            {state.origin.address.trim()} → {state.destination.address.trim()}
          </p>
          {route.status === 'ready' && (
            <p className="pf-muted">
              {route.distanceText} · {route.durationText}
            </p>
          )}
        </SummaryBlock>
        <SummaryBlock title="Viviendas" step={2}>
          <dl className="pf-summary__list">
            <dt>Origen</dt>
            <dd>{describeProperty(state.origin)}</dd>
            <dt>Destino</dt>
            <dd>{describeProperty(state.destination)}</dd>
          </dl>
        </SummaryBlock>
        <SummaryBlock title="Objetos" step={3}>
          {state.objects.length === 0 ? (
            <p className="pf-muted">Ningún objeto suelto</p>
          ) : (
            <ul className="pf-summary__items">
              {state.objects.map((o) => (
                <li key={o.id}>
                  {o.quantity} × {o.nombre}
                </li>
              ))}
            </ul>
          )}
          <p>
            <span className="pf-muted">Pack de oferta:</span> {pack ?? 'Sin pack'}
          </p>
        </SummaryBlock>
        <SummaryBlock title="Servicios" step={4}>
          {services.length === 0 ? (
            <p className="pf-muted">Sin servicios adicionales</p>
          ) : (
            <ul className="pf-summary__items">
              {services.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          )}
          {state.instructions.trim() !== '' && (
            <p>
              <span className="pf-muted">Instrucciones:</span> {state.instructions.trim()}
            </p>
          )}
        </SummaryBlock>
        <SummaryBlock title="Fechas" step={5}>
          <dl className="pf-summary__list">
            <dt>Fecha preferida</dt>
            <dd>{schedule.preferred}</dd>
            {schedule.alternative && (
              <>
                <dt>Alternativa</dt>
                <dd>{schedule.alternative}</dd>
              </>
            )}
            <dt>Horario</dt>
            <dd>
              {schedule.time}
              {schedule.flexible && ' · fechas flexibles'}
            </dd>
            <dt>Contacto</dt>
            <dd>{schedule.contact}</dd>
          </dl>
        </SummaryBlock>
      </div>

      <PriceSection />
      <QuoteForm />
    </div>
  );
}

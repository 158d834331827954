import { COMPANY_PHONE, COMPANY_PHONE_HREF } from '../../lib/company';
import { formatEuros } from '../../lib/format';
import { QUOTE_MESSAGES } from './calculator';
import { usePriceFinderStore } from './usePriceFinderStore';

const PERCENTAGES_ID = 'pf-porcentajes';

/** §9's two percentages are of the same total, one now and one in the quote: said next to them so
 * nobody reads two prices to choose from. */
export const PERCENTAGES_NOTE =
  'El 80 % y el 95 % no son dos precios distintos: los dos salen del mismo total. El 80 % es el precio orientativo que te mostramos ahora; el 95 % es lo que figurará en el presupuesto definitivo si lo solicitas.';

/**
 * The price from the server (§9): the itemised lines, subtotal, VAT 21 % and total, then the
 * price shown (80 % of the total) and what the definitive quote will be (95 %), in plain words.
 */
export function PriceSection() {
  const price = usePriceFinderStore((s) => s.price);
  const offerPack = usePriceFinderStore((s) => s.offerPack);
  const calculate = usePriceFinderStore((s) => s.calculate);
  const resetPack = usePriceFinderStore((s) => s.resetPack);
  const hasObjects = usePriceFinderStore((s) => s.objects.length > 0);

  return (
    <section className="pf-price" aria-labelledby="pf-precio-titulo" aria-busy={price.status === 'loading'}>
      <h3 id="pf-precio-titulo" className="pf-section-title">
        Tu precio
      </h3>

      {(price.status === 'loading' || price.status === 'idle') && (
        <p className="pf-muted" role="status">
          Calculando el precio...
        </p>
      )}

      {price.status === 'error' && (
        <div className="pf-error-panel" role="alert">
          <p className="pf-error-panel__title">{price.message}</p>
          <p>{QUOTE_MESSAGES.priceFallback}</p>
          <p>
            También puedes llamarnos al <a href={COMPANY_PHONE_HREF}>{COMPANY_PHONE}</a>.
          </p>
          <div className="pf-error-panel__actions">
            <button type="button" className="button button--ghost" onClick={() => void calculate()}>
              Volver a calcular
            </button>
            {/* Packs are only for moves inside the M-30: the usual refusal is a pack elsewhere. Without
                objects the pack is all there is, so it cannot just be dropped here. */}
            {offerPack !== null && hasObjects && (
              <button
                type="button"
                className="button button--ghost"
                onClick={() => {
                  resetPack();
                  void calculate();
                }}
              >
                Quitar el pack y calcular
              </button>
            )}
          </div>
        </div>
      )}

      {price.status === 'ready' && (
        <>
          <div className="pf-price__headline">
            <p className="pf-price__label">Precio orientativo</p>
            <p className="pf-price__amount">{formatEuros(price.quote.price)}</p>
            <p className="pf-price__sub">IVA incluido · el 80 % del total calculado</p>
          </div>

          <table className="pf-breakdown" aria-describedby={PERCENTAGES_ID}>
            <caption>Desglose del precio</caption>
            <thead className="sr-only">
              <tr>
                <th scope="col">Concepto</th>
                <th scope="col">Importe</th>
              </tr>
            </thead>
            <tbody>
              {price.quote.lines.map((line, index) => (
                <tr key={`${index}-${line.concepto}`}>
                  <th scope="row">{line.concepto}</th>
                  <td>{formatEuros(line.importe)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Subtotal</th>
                <td>{formatEuros(price.quote.subtotal)}</td>
              </tr>
              <tr>
                <th scope="row">IVA (21 %)</th>
                <td>{formatEuros(price.quote.iva)}</td>
              </tr>
              <tr className="pf-breakdown__total">
                <th scope="row">Total</th>
                <td>{formatEuros(price.quote.total)}</td>
              </tr>
              <tr className="pf-breakdown__shown">
                <th scope="row">Precio orientativo (80 % del total)</th>
                <td>{formatEuros(price.quote.price)}</td>
              </tr>
              <tr>
                <th scope="row">Presupuesto definitivo (95 % del total)</th>
                <td>{formatEuros(price.quote.budget)}</td>
              </tr>
            </tfoot>
          </table>
          <p id={PERCENTAGES_ID} className="pf-price__note">
            {PERCENTAGES_NOTE}
          </p>

          <div className="pf-price__explain">
            <p className="pf-price__explain-title">Qué significa este precio</p>
            <ul>
              <li>
                Incluye todo lo que ves en el desglose: el transporte, el equipo, las plantas y el acceso, los servicios
                que has elegido y el IVA (21 %).
              </li>
              <li>
                Es un precio orientativo: te mostramos el 80 % del total calculado ({formatEuros(price.quote.total)}).
              </li>
              <li>
                Si solicitas presupuesto, el presupuesto definitivo será de{' '}
                <strong>{formatEuros(price.quote.budget)}</strong> (el 95 % del total, IVA incluido), y te lo
                confirmaremos antes de reservar.
              </li>
              <li>
                Sin cargos sorpresa: no añadiremos nada que no esté en este desglose. Solo cambiaría si cambian los
                datos de la mudanza (más objetos, otra planta, otra fecha).
              </li>
            </ul>
          </div>
        </>
      )}
    </section>
  );
}

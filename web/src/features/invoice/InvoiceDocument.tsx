import type { Invoice, InvoicePropertyDetails } from '../../lib/api';
import { brandLabel } from '../../lib/card';
import {
  accessLabel,
  floorLabel,
  propertyTypeLabel,
  statusLabel,
  timeSlotLabel,
  urgencyLabel,
  warrantyText,
} from '../../lib/documentText';
import {
  formatDecimal,
  formatEuros,
  formatInstantDate,
  formatLongDate,
  formatLongDateWithWeekday,
  orMissing,
} from '../../lib/format';

/** The printable A4 invoice itself: nothing interactive, so it prints exactly as shown. */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { empresa, cliente, mudanza, importes, cobros } = invoice;
  const services = invoice.servicios ?? [];
  const objects = invoice.objetos ?? [];
  const totalUnits = objects.reduce((sum, o) => sum + (Number.isFinite(o.cantidad) ? o.cantidad : 0), 0);
  const details = mudanza.property_details;
  // Without the recipient's NIF the invoice is a simplified one; older invoices say neither.
  const title = invoice.tipo === 'simplificada' ? 'Factura simplificada' : 'Factura';

  return (
    <article className="invoice-doc" aria-labelledby="invoice-title">
      <div className="invoice-doc__header">
        <div className="invoice-doc__company">
          <p className="invoice-doc__company-name">{empresa.nombre}</p>
          <p>NIF: {orMissing(empresa.nif)}</p>
          <p>{orMissing(empresa.direccion)}</p>
          <p>{orMissing(empresa.ciudad)}</p>
          <p>Tel.: {orMissing(empresa.telefono)}</p>
          <p>{orMissing(empresa.email)}</p>
        </div>
        <div className="invoice-doc__meta">
          <h1 id="invoice-title" className="invoice-doc__title">
            {title}
          </h1>
          <dl className="invoice-doc__pairs invoice-doc__pairs--right">
            <dt>Nº de factura</dt>
            <dd data-testid="factura-numero">{invoice.numero}</dd>
            <dt>Fecha de emisión</dt>
            <dd>{formatLongDate(invoice.fecha_emision)}</dd>
            <dt>Nº de mudanza</dt>
            <dd>{mudanza.id}</dd>
          </dl>
        </div>
      </div>

      <div className="invoice-doc__parties">
        <section className="invoice-doc__box" aria-labelledby="invoice-client">
          <h2 id="invoice-client" className="invoice-doc__heading">
            Cliente
          </h2>
          <p className="invoice-doc__strong">{orMissing(cliente.nombre)}</p>
          {cliente.nif && <p data-testid="factura-cliente-nif">NIF: {cliente.nif}</p>}
          {cliente.direccion && <p>{cliente.direccion}</p>}
          <p>{orMissing(cliente.email)}</p>
          <p>Tel.: {orMissing(cliente.telefono)}</p>
        </section>

        <section className="invoice-doc__box" aria-labelledby="invoice-move">
          <h2 id="invoice-move" className="invoice-doc__heading">
            Mudanza
          </h2>
          <dl className="invoice-doc__pairs">
            <dt>Origen</dt>
            <dd>{orMissing(mudanza.origen)}</dd>
            <dt>Destino</dt>
            <dd>{orMissing(mudanza.destino)}</dd>
            <dt>Fecha</dt>
            <dd>{formatLongDateWithWeekday(mudanza.fecha_programada)}</dd>
            {mudanza.fecha_alternativa && (
              <>
                <dt>Fecha alternativa</dt>
                <dd>{formatLongDateWithWeekday(mudanza.fecha_alternativa)}</dd>
              </>
            )}
            <dt>Franja horaria</dt>
            <dd>{timeSlotLabel(mudanza.hora_preferida)}</dd>
            <dt>Urgencia</dt>
            <dd>{urgencyLabel(mudanza.urgencia)}</dd>
            <dt>Estado</dt>
            <dd>{statusLabel(mudanza.estado ?? '')}</dd>
          </dl>
        </section>
      </div>

      {details && (
        <section className="invoice-doc__section" aria-labelledby="invoice-properties">
          <h2 id="invoice-properties" className="invoice-doc__heading">
            Viviendas
          </h2>
          <div className="invoice-doc__scroll">
            <table className="invoice-doc__table">
              <thead>
                <tr>
                  <th scope="col">Vivienda</th>
                  <th scope="col">Tipo</th>
                  <th scope="col">Acceso</th>
                  <th scope="col">Planta</th>
                  <th scope="col">Ascensor</th>
                </tr>
              </thead>
              <tbody>
                <PropertyRow label="Origen" details={details.origin} />
                <PropertyRow label="Destino" details={details.destination} />
              </tbody>
            </table>
          </div>
        </section>
      )}

      <section className="invoice-doc__section" aria-labelledby="invoice-services">
        <h2 id="invoice-services" className="invoice-doc__heading">
          Servicios
        </h2>
        {services.length === 0 ? (
          <p className="invoice-doc__empty">Sin servicios adicionales</p>
        ) : (
          <div className="invoice-doc__scroll">
            <table className="invoice-doc__table">
              <thead>
                <tr>
                  <th scope="col">Concepto</th>
                  <th scope="col" className="invoice-doc__num">
                    Cantidad
                  </th>
                </tr>
              </thead>
              <tbody>
                {services.map((s, i) => (
                  <tr key={`${s.concepto}-${i}`}>
                    <td>{s.concepto}</td>
                    <td className="invoice-doc__num">{s.cantidad}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="invoice-doc__section" aria-labelledby="invoice-objects">
        <h2 id="invoice-objects" className="invoice-doc__heading">
          Objetos
        </h2>
        {objects.length === 0 ? (
          <p className="invoice-doc__empty">Sin objetos</p>
        ) : (
          <div className="invoice-doc__scroll">
            <table className="invoice-doc__table">
              <thead>
                <tr>
                  <th scope="col">Objeto</th>
                  <th scope="col" className="invoice-doc__num">
                    Cantidad
                  </th>
                  <th scope="col" className="invoice-doc__num">
                    Peso por unidad
                  </th>
                </tr>
              </thead>
              <tbody>
                {objects.map((o, i) => (
                  <tr key={`${o.nombre}-${i}`}>
                    <td>{o.nombre}</td>
                    <td className="invoice-doc__num">{o.cantidad}</td>
                    <td className="invoice-doc__num">{o.peso > 0 ? `${formatDecimal(o.peso)} kg` : '—'}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total de objetos</th>
                  <td className="invoice-doc__num">{totalUnits}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </section>

      <div className="invoice-doc__closing">
        <div>
          {mudanza.instrucciones && mudanza.instrucciones.trim() !== '' && (
            <section className="invoice-doc__section" aria-labelledby="invoice-notes">
              <h2 id="invoice-notes" className="invoice-doc__heading">
                Instrucciones
              </h2>
              <p className="invoice-doc__notes">{mudanza.instrucciones}</p>
            </section>
          )}
        </div>

        <section className="invoice-doc__section invoice-doc__amounts" aria-labelledby="invoice-amounts">
          <h2 id="invoice-amounts" className="invoice-doc__heading">
            Importes
          </h2>
          <table className="invoice-doc__table invoice-doc__totals">
            <tbody>
              <AmountRow label="Precio base" value={importes.base} />
              <AmountRow label="Coste por distancia" value={importes.distancia} />
              <AmountRow label="Servicios adicionales" value={importes.servicios} />
              <AmountRow label="Recargo por urgencia" value={importes.urgencia} />
              <AmountRow label="Base imponible" value={importes.subtotal} testId="factura-base-imponible" strong />
              {importes.iva_aplicado ? (
                <AmountRow
                  label={`IVA (${formatDecimal(importes.iva_porcentaje)} %)`}
                  value={importes.iva}
                  testId="factura-iva"
                />
              ) : (
                <tr>
                  <th scope="row">IVA</th>
                  <td className="invoice-doc__num" data-testid="factura-iva">
                    IVA no aplicado
                  </td>
                </tr>
              )}
              <AmountRow label="Total" value={importes.total} testId="factura-total" grand />
              <AmountRow label="Pagado" value={cobros?.pagado ?? importes.pagado} testId="factura-pagado" />
              <AmountRow
                label="Pendiente de pago"
                value={cobros?.pendiente ?? importes.pendiente}
                testId="factura-pendiente"
                strong
              />
            </tbody>
          </table>
          {cobros && cobros.pagos.length > 0 && (
            <table className="invoice-doc__table invoice-doc__payments" data-testid="factura-pagos">
              <caption className="invoice-doc__caption">Pagos recibidos</caption>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Tarjeta</th>
                  <th scope="col" className="invoice-doc__num">
                    Importe
                  </th>
                </tr>
              </thead>
              <tbody>
                {cobros.pagos.map((p) => (
                  <tr key={p.id} data-testid="factura-cobro">
                    <td>{formatInstantDate(p.fecha, { numeric: true })}</td>
                    <td>
                      {brandLabel(p.marca)} ···· {p.ultimos4}
                      {p.reembolsado > 0 ? ` (devuelto ${formatEuros(p.reembolsado)})` : ''}
                    </td>
                    <td className="invoice-doc__num">{formatEuros(p.importe - p.reembolsado)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      </div>

      <div className="invoice-doc__footer">
        <p className="invoice-doc__warranty">{warrantyText(invoice.garantia)}</p>
        <p>
          {empresa.nombre} · NIF {orMissing(empresa.nif)} · {orMissing(empresa.telefono)} · {orMissing(empresa.email)}
        </p>
      </div>
    </article>
  );
}

function PropertyRow({ label, details }: { label: string; details: InvoicePropertyDetails | undefined }) {
  if (!details) return null;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{propertyTypeLabel(details.property_type)}</td>
      <td>{accessLabel(details.access)}</td>
      <td>{floorLabel(details.floor)}</td>
      <td>{details.elevator ? 'Sí' : 'No'}</td>
    </tr>
  );
}

interface AmountRowProps {
  label: string;
  value: number;
  testId?: string;
  strong?: boolean;
  grand?: boolean;
}

function AmountRow({ label, value, testId, strong, grand }: AmountRowProps) {
  const modifier = grand ? ' invoice-doc__row--grand' : strong ? ' invoice-doc__row--strong' : '';
  return (
    <tr className={`invoice-doc__row${modifier}`}>
      <th scope="row">{label}</th>
      <td className="invoice-doc__num" data-testid={testId}>
        {formatEuros(value)}
      </td>
    </tr>
  );
}

import type { ReactNode } from 'react';
import type { AuditMoveState, AuditStateResponse, PaymentStatus } from '../../lib/api';
import { accessLabel, floorLabel, propertyTypeLabel, timeSlotLabel, urgencyLabel } from '../../lib/documentText';
import { CONTACT_PREFERENCES, labelOf } from '../../lib/moveOptions';
import { servicesList } from '../../lib/staffMoves';
import { formatEuros, formatDate } from '../../lib/format';
import { formatInstant, valueText } from './audit';
import { MOVE_STATUS_LABELS, PAYMENT_STATUS_SHORT_LABELS } from '../../lib/options';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="audit-state__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function sideText(side: { property_type: string; access: string; floor: string; elevator: boolean }): string {
  const floor = side.floor === 'ground' ? 'bajo' : `planta ${floorLabel(side.floor)}`;
  return `${propertyTypeLabel(side.property_type)}, ${floor}, acceso ${accessLabel(side.access).toLowerCase()}${side.elevator ? ', con ascensor' : ''}`;
}

/** The move's complete state as the server replayed it, and which event it reflects. */
export function AuditStatePanel({ answer }: { answer: AuditStateResponse }) {
  const m = answer.estado as AuditMoveState;
  const last = answer.ultimo_evento;
  const services = servicesList(m.services);
  return (
    <div className="audit-state">
      <p className="audit-state__reflects" role="status">
        Estado tras «{last?.etiqueta}» (posición {answer.posicion}, versión {answer.version}), registrado el{' '}
        {last ? formatInstant(last.registrado_en) : '—'}: {answer.eventos_aplicados} de {answer.eventos_totales} eventos
        de la mudanza.
      </p>
      <dl className="audit-state__grid">
        <Row label="Estado">
          <strong className="audit-state__status">{MOVE_STATUS_LABELS[m.estado] ?? m.estado}</strong>
        </Row>
        <Row label="Cliente">
          {valueText(m.cliente_nombre)} · {valueText(m.cliente_email)} · {valueText(m.cliente_telefono)}
        </Row>
        <Row label="Origen">{m.origen}</Row>
        <Row label="Destino">{m.destino}</Row>
        <Row label="Fecha programada">
          {formatDate(m.fecha_programada)}
          {m.fecha_alternativa ? ` (alternativa ${formatDate(m.fecha_alternativa)})` : ''}
          {m.flexible ? ', flexible' : ''}
        </Row>
        <Row label="Franja horaria">{timeSlotLabel(m.time)}</Row>
        <Row label="Urgencia">{urgencyLabel(m.urgencia)}</Row>
        <Row label="Precio total">{formatEuros(m.precio_total)}</Row>
        <Row label="Pagos">
          Anticipo solicitado {formatEuros(m.pago_adelantado)} · pendiente de pago {formatEuros(m.pago_pendiente)} ·{' '}
          {PAYMENT_STATUS_SHORT_LABELS[m.estado_pago as PaymentStatus] ?? valueText(m.estado_pago)}
        </Row>
        <Row label="Trabajador">{m.worker}</Row>
        <Row label="Objetos">
          {m.objects.length === 0 ? '—' : m.objects.map((o) => `${o.quantity} × ${o.nombre}`).join(', ')}
        </Row>
        <Row label="Servicios">{services.length === 0 ? 'Ninguno' : services.join(', ')}</Row>
        <Row label="Fotos">
          {m.photos.length === 0 ? 'Ninguna' : m.photos.map((p) => p.descripcion || 'Sin descripción').join(', ')}
        </Row>
        <Row label="Documentos">
          Factura {m.factura ?? 'no emitida'} · albarán {m.albaran ?? 'no emitido'}
        </Row>
        <Row label="Contacto">
          {valueText(m.contacto.nombre)} · {valueText(m.contacto.telefono)} · prefiere{' '}
          {labelOf(CONTACT_PREFERENCES, m.contacto.preferencia)}
        </Row>
        <Row label="Viviendas">
          Origen: {sideText(m.property_details.origin)}. Destino: {sideText(m.property_details.destination)}.
        </Row>
        <Row label="Instrucciones">{valueText(m.instructions)}</Row>
        <Row label="Detalles del cliente">
          {m.detalles_completados ? `Completados el ${formatInstant(m.detalles_completados)}` : 'Sin completar'}
        </Row>
        <Row label="Reserva">
          {m.reserva
            ? `Aceptada el ${formatInstant(m.reserva.aceptada_en)} (condiciones ${m.reserva.condiciones_version})`
            : 'Sin aceptar'}
        </Row>
      </dl>
      <details className="audit-event__details">
        <summary>Estado completo (JSON)</summary>
        <pre className="audit-json">{JSON.stringify(m, null, 2)}</pre>
      </details>
    </div>
  );
}

// What the audit screen shows, as pure functions: Spanish names of the staff view's fields (the
// paths of a change), values as text, and instants both ways between the server's RFC 3339 and
// the browser's date-time input, which works in local time to the second.
import { formatDateTime } from '../../lib/format';

/** The staff view's fields (spec §3) by their wire name, in Spanish. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  id: 'Número',
  cliente_nombre: 'Nombre del cliente',
  cliente_telefono: 'Teléfono del cliente',
  cliente_email: 'Email del cliente',
  origen: 'Origen',
  destino: 'Destino',
  fecha_programada: 'Fecha programada',
  fecha_alternativa: 'Fecha alternativa',
  flexible: 'Fechas flexibles',
  estado: 'Estado',
  precio_total: 'Precio total',
  precio: 'Desglose del precio',
  pago_adelantado: 'Anticipo solicitado',
  pago_pendiente: 'Pendiente de pago',
  estado_pago: 'Estado del pago',
  urgencia: 'Urgencia',
  objects: 'Objetos',
  services: 'Servicios',
  photos: 'Fotos',
  workerId: 'Id del trabajador',
  worker: 'Trabajador',
  time: 'Franja horaria',
  instructions: 'Instrucciones',
  contacto: 'Contacto',
  property_details: 'Viviendas',
  created_at: 'Creada',
  updated_at: 'Última modificación',
  version: 'Versión',
  factura: 'Factura',
  albaran: 'Albarán',
  detalles_completados: 'Detalles completados',
  reserva: 'Reserva',
};

/** 'precio.total_cents' → 'Desglose del precio'; unknown fields keep their wire name. */
export function fieldLabel(path: string): string {
  const top = path.split(/[.[]/, 1)[0] ?? path;
  return FIELD_LABELS[top] ?? path;
}

/** Whether the path goes inside its top-level field (then the page shows the path too). */
export function isNested(path: string): boolean {
  return /[.[]/.test(path);
}

/** A value of the log as a person reads it; null is 'vacío'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(vacío)';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** '4 may 2026, 10:30:15' in the viewer's time zone; the input back when it is not an instant. */
export function formatInstant(iso: string): string {
  return formatDateTime(iso, { seconds: true });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a `datetime-local` value with seconds (local time): '2026-05-04T10:30:15'. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
    `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

/** A `datetime-local` value (local time, seconds optional) as RFC 3339 in UTC; null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The end of the second a `datetime-local` value names: an event recorded at 10:30:15.4 is 'at 10:30:15'. */
export function endOfSecond(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Date(Math.floor(date.getTime() / 1000) * 1000 + 999).toISOString();
}

// The manager's edit form for a move (§2 edit modal, §5 'Move edit required', §7 actualizar-mudanza).
import type { StaffMove, UpdateMoveRequest } from '../../lib/api';
import { centsToEuros, parseEuros, priceOfFields, priceRequest, type PriceBreakdown } from './pricing';
import { clampQuantity } from '../../lib/moveOptions';

/** The update request's fields as the form holds them: the price as its lines, never a bare total. */
export interface EditForm extends Omit<
  UpdateMoveRequest,
  'id' | 'version' | 'precio_total' | 'precio' | 'pago_adelantado'
> {
  /** Euros, as typed. */
  basePrice: string;
  distanceCost: string;
  servicesCost: string;
  urgencyCost: string;
  ivaEnabled: boolean;
  /** The deposit asked for, euros as typed. */
  advancePayment: string;
}

export type EditField = 'cliente_nombre' | 'origen' | 'destino' | 'fecha_programada' | 'precio' | 'pago_adelantado';

export type EditErrors = Partial<Record<EditField, string>>;

export const EDIT_ERRORS = {
  cliente_nombre: 'El nombre del cliente es requerido',
  origen: 'La dirección de origen es requerida',
  destino: 'La dirección de destino es requerida',
  fecha_programada: 'La fecha es requerida',
  precio: 'El precio es requerido',
  invalidPrice: 'Los importes deben ser de 0 € o más, en pasos de 0,01 €',
  totalNotPositive: 'El precio total debe ser mayor a 0',
  advance: 'El anticipo solicitado debe estar entre 0 € y el precio total',
} as const;

export const UPDATE_SUCCESS = 'Mudanza actualizada exitosamente';
export const updateFailure = (message: string) => `Error al actualizar la mudanza: ${message}`;

/** An amount as the form shows it: '1234.5' (a number input takes a dot). */
const amountText = (cents: number) => String(centsToEuros(cents));

/** The move's price as its lines; a move known only by its total shows that total as its base, without VAT. */
function priceFields(
  move: StaffMove,
): Pick<EditForm, 'basePrice' | 'distanceCost' | 'servicesCost' | 'urgencyCost' | 'ivaEnabled' | 'advancePayment'> {
  const p = move.precio;
  if (p) {
    return {
      basePrice: amountText(p.base_cents),
      distanceCost: amountText(p.distance_cents),
      servicesCost: amountText(p.services_cents),
      urgencyCost: amountText(p.urgency_cents),
      ivaEnabled: p.iva_enabled,
      advancePayment: amountText(p.advance_cents),
    };
  }
  return {
    basePrice: typeof move.precio_total === 'number' ? String(move.precio_total) : '',
    distanceCost: '0',
    servicesCost: '0',
    urgencyCost: '0',
    ivaEnabled: false,
    advancePayment: typeof move.pago_adelantado === 'number' ? String(move.pago_adelantado) : '0',
  };
}

export function editFormFrom(move: StaffMove): EditForm {
  return {
    cliente_nombre: move.cliente_nombre,
    cliente_telefono: move.cliente_telefono,
    cliente_email: move.cliente_email,
    origen: move.origen,
    destino: move.destino,
    fecha_programada: move.fecha_programada,
    estado: move.estado,
    urgencia: move.urgencia,
    objects: move.objects.map((o) => ({ ...o })),
    services: { ...move.services },
    ...priceFields(move),
  };
}

/** The price the form's lines make, as the server computes it (§9). */
export function editPrice(form: EditForm): PriceBreakdown {
  return priceOfFields(form);
}

/** §5: every required field's message, in the form's order; empty when the form may be saved. */
export function validateEdit(form: EditForm): EditErrors {
  const errors: EditErrors = {};
  if (form.cliente_nombre.trim() === '') errors.cliente_nombre = EDIT_ERRORS.cliente_nombre;
  if (form.origen.trim() === '') errors.origen = EDIT_ERRORS.origen;
  if (form.destino.trim() === '') errors.destino = EDIT_ERRORS.destino;
  if (form.fecha_programada.trim() === '') errors.fecha_programada = EDIT_ERRORS.fecha_programada;
  const lines = [form.basePrice, form.distanceCost, form.servicesCost, form.urgencyCost];
  const amounts = lines.map((l) => parseEuros(l));
  if (lines.every((l) => l.trim() === '')) {
    errors.precio = EDIT_ERRORS.precio;
  } else if (amounts.some((c) => c === null || c < 0)) {
    errors.precio = EDIT_ERRORS.invalidPrice;
  } else if (editPrice(form).totalCents <= 0) {
    errors.precio = EDIT_ERRORS.totalNotPositive;
  }
  const advance = parseEuros(form.advancePayment);
  if (advance === null || advance < 0 || (!errors.precio && advance > editPrice(form).totalCents)) {
    errors.pago_adelantado = EDIT_ERRORS.advance;
  }
  return errors;
}

export function buildUpdateRequest(move: Pick<StaffMove, 'id' | 'version'>, form: EditForm): UpdateMoveRequest {
  const services = form.services;
  const price = editPrice(form);
  return {
    id: move.id,
    version: move.version,
    origen: form.origen.trim(),
    destino: form.destino.trim(),
    fecha_programada: form.fecha_programada,
    estado: form.estado,
    urgencia: form.urgencia,
    cliente_nombre: form.cliente_nombre.trim(),
    cliente_telefono: form.cliente_telefono.trim(),
    cliente_email: form.cliente_email.trim(),
    objects: form.objects.filter((o) => o.quantity > 0),
    services: {
      ...services,
      dismount_quantity: services.dismount ? clampQuantity(services.dismount_quantity) : 0,
      packaging_quantity: services.packaging ? clampQuantity(services.packaging_quantity) : 0,
    },
    ...priceRequest(price),
  };
}

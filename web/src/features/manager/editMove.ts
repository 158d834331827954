// The manager's edit form for a move (§2 edit modal, §5 'Move edit required', §7 actualizar-mudanza).
import type { StaffMove, UpdateMoveRequest } from '../../lib/api';
import { centsToEuros, parseEuros } from './pricing';
import { clampQuantity } from './wizard';

/** The update request's fields as the form holds them. */
export interface EditForm extends Omit<UpdateMoveRequest, 'id' | 'version' | 'precio_total'> {
  /** Euros, as typed. */
  precio_total: string;
}

export type EditField = 'cliente_nombre' | 'origen' | 'destino' | 'fecha_programada' | 'precio_total';

export type EditErrors = Partial<Record<EditField, string>>;

export const EDIT_ERRORS = {
  cliente_nombre: 'El nombre del cliente es requerido',
  origen: 'La dirección de origen es requerida',
  destino: 'La dirección de destino es requerida',
  fecha_programada: 'La fecha es requerida',
  precio_total: 'El precio es requerido',
  invalidPrice: 'El precio debe ser un importe válido, de 0 € o más',
} as const;

export const UPDATE_SUCCESS = 'Mudanza actualizada exitosamente';
export const updateFailure = (message: string) => `Error al actualizar la mudanza: ${message}`;

/** The price as the form shows it: '1234.5' (a number input takes a dot). */
function priceText(move: StaffMove): string {
  if (typeof move.precio_total === 'number') return String(move.precio_total);
  if (move.precio) return String(centsToEuros(move.precio.total_cents));
  return '';
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
    precio_total: priceText(move),
  };
}

/** §5: every required field's message, in the form's order; empty when the form may be saved. */
export function validateEdit(form: EditForm): EditErrors {
  const errors: EditErrors = {};
  if (form.cliente_nombre.trim() === '') errors.cliente_nombre = EDIT_ERRORS.cliente_nombre;
  if (form.origen.trim() === '') errors.origen = EDIT_ERRORS.origen;
  if (form.destino.trim() === '') errors.destino = EDIT_ERRORS.destino;
  if (form.fecha_programada.trim() === '') errors.fecha_programada = EDIT_ERRORS.fecha_programada;
  if (form.precio_total.trim() === '') {
    errors.precio_total = EDIT_ERRORS.precio_total;
  } else {
    const cents = parseEuros(form.precio_total);
    if (cents === null || cents < 0) errors.precio_total = EDIT_ERRORS.invalidPrice;
  }
  return errors;
}

export function buildUpdateRequest(move: Pick<StaffMove, 'id' | 'version'>, form: EditForm): UpdateMoveRequest {
  const services = form.services;
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
    precio_total: centsToEuros(parseEuros(form.precio_total) ?? 0),
  };
}

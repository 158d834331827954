// The Spanish names of the wire values on the printable documents (invoice and waybill) and the
// audit's state panel: the domain labels of lib/options, with a dash for what is missing.
import { orMissing } from './format';
import * as options from './options';

/** §4 display names of the staff statuses. */
const STATUS_LABELS: Record<string, string> = { ...options.MOVE_STATUS_LABELS, ...options.CLIENT_STATUS_LABELS };

export function statusLabel(estado: string): string {
  return STATUS_LABELS[estado.trim().toLowerCase()] ?? orMissing(estado);
}

export function timeSlotLabel(time: string | null | undefined): string {
  const key = (time ?? '').trim().toLowerCase();
  if (key === '') return 'Sin preferencia';
  return options.timeSlotLabel(key) ?? String(time);
}

export function urgencyLabel(urgencia: string | null | undefined): string {
  return (urgencia ?? '').trim().toLowerCase() === 'urgente' ? 'Urgente' : 'Normal';
}

/** §3 property types, either spelling of the room counts. */
export function propertyTypeLabel(value: string | null | undefined): string {
  return options.propertyTypeLabel((value ?? '').trim().toLowerCase()) ?? orMissing(value);
}

/** §3 access types (and the staff wizard's old ones, on moves that have them). */
export function accessLabel(value: string | null | undefined): string {
  return options.accessLabel((value ?? '').trim().toLowerCase()) ?? orMissing(value);
}

export function floorLabel(value: string | null | undefined): string {
  return options.floorLabel((value ?? '').trim().toLowerCase()) ?? orMissing(value);
}

/** §3 'Waybill': the footer states a 30-day warranty on dismounting and assembly. */
export const WARRANTY_TEXT = 'Garantía de 30 días en los trabajos de desmontaje y montaje de muebles.';

/** The server's warranty wording when it sends one, else ours. */
export function warrantyText(garantia: string | null | undefined): string {
  return garantia && garantia.trim() !== '' ? garantia.trim() : WARRANTY_TEXT;
}

/** §3 object categories (identifiers as the catalogue stores them). */
const CATEGORIES: Record<string, string> = {
  sofas: 'Sofás',
  armarios: 'Armarios',
  cajas: 'Cajas',
  camas_y_colchones: 'Camas y colchones',
  'camas y colchones': 'Camas y colchones',
  mesas: 'Mesas',
  televisores: 'Televisores',
  sillas: 'Sillas',
  otros: 'Otros',
  offer_pack: 'Pack de oferta',
};

/** Null (not in the catalogue yet) → '—'. */
export function categoryLabel(value: string | null | undefined): string {
  return CATEGORIES[(value ?? '').trim().toLowerCase()] ?? orMissing(value);
}

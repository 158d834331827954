// Texts of the printable documents (invoice and waybill): money, dates and the Spanish names of
// the wire values. Pure functions, shared by the invoice page and the waybill window.
import * as options from './options';

// es-ES does not group four-digit numbers by default ('1234,56 €'); 'always' (ES2023, in every
// current browser; not yet in this project's TypeScript lib) gives '1.234,56 €'.
const ALWAYS_GROUP = { useGrouping: 'always' } as unknown as Intl.NumberFormatOptions;

const euroFormat = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', ...ALWAYS_GROUP });
const decimalFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2, ...ALWAYS_GROUP });
const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric' });
const longDateWithWeekday = new Intl.DateTimeFormat('es-ES', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** Shown where a value is not known (yet). */
export const MISSING = '—';

/** 1234.56 → '1.234,56 €'. */
export function formatEuros(euros: number): string {
  return Number.isFinite(euros) ? euroFormat.format(euros) : MISSING;
}

/** 2.5 → '2,5'; null → '—'. */
export function formatDecimal(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? decimalFormat.format(value) : MISSING;
}

function calendarDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-03-09' → '9 de marzo de 2026' (a calendar date: no time-zone shift). */
export function formatLongDate(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const date = calendarDate(iso);
  return date ? longDate.format(date) : iso;
}

/** '2026-03-09' → 'lunes, 9 de marzo de 2026'. */
export function formatLongDateWithWeekday(iso: string | null | undefined): string {
  if (!iso) return MISSING;
  const date = calendarDate(iso);
  return date ? longDateWithWeekday.format(date) : iso;
}

/** Empty text → '—'. */
export function orMissing(text: string | null | undefined): string {
  return text === null || text === undefined || String(text).trim() === '' ? MISSING : String(text);
}

/** §4 display names of the staff statuses. */
const STATUS_LABELS: Record<string, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  'en curso': 'En Progreso',
  finalizada: 'Completada',
  cancelada: 'Cancelada',
  pending: 'Pendiente',
  confirmed: 'Confirmada',
  in_progress: 'En Progreso',
  completed: 'Completada',
  cancelled: 'Cancelada',
};

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

const sizeFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

/** '245 KB', '1,2 MB': the CV's size as the applicant and the manager read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}

// The booking screens' rules (§2 moving_details, moving_form, confirm_moving; §4 floor/elevator
// rules; §5 contact rules; §9 booking conditions). Pure functions, so the rules are tested without
// a page. The server applies the same rules with the same messages (command/src/moves.rs); these
// copies only spare the user a round trip.
import type {
  BookingDetailsRequest,
  BookingHistoryEntry,
  BookingMove,
  ContactPreference,
  PropertyDetails,
  TimeSlot,
} from '../../../lib/api';
import {
  isValidEmail,
  MESSAGES,
  normalizeNif,
  validateAddress,
  validateFullName,
  validateNif,
  validatePhone,
} from '../../../lib/validation';
import { TIME_SLOTS } from '../../../lib/options';
import { CONTACT_PREFERENCES } from '../../../lib/moveOptions';
import { formatNumber } from '../../../lib/format';
import { companyToday } from '../../../lib/calendar';

/** `?id=12` → 12; anything but a positive whole number → null. */
export function parseMoveId(value: string | null): number | null {
  if (value === null || !/^\d{1,15}$/.test(value.trim())) return null;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const detailsPath = (id: number) => `/detalles-mudanza?id=${id}`;
export const formPath = (id: number) => `/formulario-mudanza?id=${id}`;
export const confirmPath = (id: number) => `/confirmar-mudanza?id=${id}`;

export interface SideForm {
  access: string;
  floor: string;
  elevator: boolean;
}

export type Side = 'origin' | 'destination';

export interface BookingForm {
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactPreference: ContactPreference;
  /** YYYY-MM-DD, or '' for none. */
  alternativeDate: string;
  flexible: boolean;
  timePreference: TimeSlot;
  instructions: string;
  /** Who the invoice is made out to: a NIF makes it a full invoice. */
  billingNif: string;
  /** '' for the origin's address. */
  billingAddress: string;
}

export type BookingField =
  | 'contactName'
  | 'contactPhone'
  | 'contactEmail'
  | 'alternativeDate'
  | 'instructions'
  | 'billingNif'
  | 'billingAddress';

export type BookingErrors = Partial<Record<BookingField, string>>;

export const INSTRUCTIONS_MAX = 1000;

export const BOOKING_MESSAGES = {
  contactNameRequired: 'El nombre de la persona de contacto es requerido',
  contactPhoneRequired: 'El teléfono de contacto es requerido',
  contactEmailRequired: 'Indica un email de contacto si prefieres que te contactemos por email',
  alternativeBeforeToday: 'La fecha alternativa no puede ser anterior a hoy',
  alternativeBeforeMove: 'La fecha alternativa no puede ser anterior a la fecha de la mudanza',
  instructionsTooLong: 'Las instrucciones no pueden superar los 1000 caracteres',
  conditionsRequired: 'Debes aceptar las condiciones de reserva para confirmar la mudanza',
  saved: 'Datos guardados. Ya puedes confirmar tu reserva cuando quieras.',
  saveFailed: 'No se pudieron guardar los datos. Inténtalo de nuevo.',
  confirmFailed: 'No se pudo confirmar la reserva. Inténtalo de nuevo.',
  network: 'Error de conexión. Por favor, inténtalo de nuevo.',
  notFound: 'No encontramos esta mudanza entre las tuyas.',
  loadFailed: 'No se pudo cargar la mudanza. Inténtalo de nuevo.',
} as const;

function sideForm(p: PropertyDetails): SideForm {
  return { access: p.access, floor: p.floor, elevator: p.elevator };
}

const isTimeSlot = (v: string): v is TimeSlot => TIME_SLOTS.some((t) => t.value === v);
const isChannel = (v: string): v is ContactPreference => CONTACT_PREFERENCES.some((c) => c.value === v);

/** The form filled with what the move holds now; the NIF from the profile when the move has none. */
export function formFrom(move: BookingMove, profileNif = ''): BookingForm {
  return {
    contactName: move.contacto.nombre,
    contactPhone: move.contacto.telefono,
    contactEmail: move.contacto.email,
    contactPreference: isChannel(move.contacto.preferencia) ? move.contacto.preferencia : 'phone',
    alternativeDate: move.fecha_alternativa ?? '',
    flexible: move.flexible,
    timePreference: isTimeSlot(move.hora_preferida) ? move.hora_preferida : 'flexible',
    instructions: move.instrucciones,
    billingNif: move.facturacion?.nif || profileNif,
    billingAddress: move.facturacion?.direccion ?? '',
  };
}

/** The earliest alternative date the form offers: today, or the move's date if later. */
export function minAlternativeDate(move: BookingMove, today = companyToday()): string {
  return move.fecha_programada > today ? move.fecha_programada : today;
}

/** Null when valid, otherwise each invalid field's message, in the form's order. */
export function validateBookingForm(form: BookingForm, move: BookingMove, today = companyToday()): BookingErrors {
  const errors: BookingErrors = {};
  if (form.contactName.trim() === '') errors.contactName = BOOKING_MESSAGES.contactNameRequired;
  else {
    const name = validateFullName(form.contactName);
    if (name) errors.contactName = name;
  }
  if (form.contactPhone.trim() === '') errors.contactPhone = BOOKING_MESSAGES.contactPhoneRequired;
  else {
    const phone = validatePhone(form.contactPhone);
    if (phone) errors.contactPhone = phone;
  }
  const email = form.contactEmail.trim();
  if (email === '' && form.contactPreference === 'email') errors.contactEmail = BOOKING_MESSAGES.contactEmailRequired;
  else if (email !== '' && !isValidEmail(email)) errors.contactEmail = MESSAGES.email;
  if (form.alternativeDate !== '') {
    if (form.alternativeDate < today) errors.alternativeDate = BOOKING_MESSAGES.alternativeBeforeToday;
    else if (form.alternativeDate < move.fecha_programada)
      errors.alternativeDate = BOOKING_MESSAGES.alternativeBeforeMove;
  }
  if ([...form.instructions.trim()].length > INSTRUCTIONS_MAX)
    errors.instructions = BOOKING_MESSAGES.instructionsTooLong;
  const nif = validateNif(form.billingNif);
  if (nif) errors.billingNif = nif;
  if (form.billingAddress.trim() !== '') {
    const address = validateAddress(form.billingAddress);
    if (address) errors.billingAddress = address;
  }
  return errors;
}

export function hasErrors(errors: BookingErrors): boolean {
  return Object.values(errors).some(Boolean);
}

export function toDetailsRequest(form: BookingForm, move: BookingMove): BookingDetailsRequest {
  // The floors, elevator and access the price was made for, as the move has them: the client
  // confirms them, and a change goes through the company, which reprices the move.
  const side = (key: Side) => sideForm(move.property_details[key]);
  return {
    contacto_nombre: form.contactName.trim(),
    contacto_telefono: form.contactPhone.trim(),
    contacto_email: form.contactEmail.trim(),
    contacto_preferencia: form.contactPreference,
    fecha_alternativa: form.alternativeDate === '' ? null : form.alternativeDate,
    flexible: form.flexible,
    hora_preferida: form.timePreference,
    property_details: { origin: side('origin'), destination: side('destination') },
    instrucciones: form.instructions.trim(),
    facturacion: { nif: normalizeNif(form.billingNif), direccion: form.billingAddress.trim() },
  };
}

// Texts.

/** Why floors, elevator and access are shown, not asked (the server's rule, command::moves). */
export const PRICED_DETAILS_HINT =
  'La planta, el ascensor y el acceso forman parte del precio de tu mudanza: para cambiarlos, contacta con nosotros y te enviaremos el nuevo precio.';

/** Who made a change, as the client reads it. */
export function byWhom(entry: Pick<BookingHistoryEntry, 'por'>): string {
  return entry.por === 'cliente' ? 'Por ti' : 'Por Mudanzas';
}

/** The services of a move in words, with their quantities. */
export function serviceLines(services: BookingMove['services']): string[] {
  const lines: string[] = [];
  if (services.dismount) lines.push(`Desmontaje y montaje de muebles (${services.dismount_quantity})`);
  if (services.packaging) lines.push(`Embalaje (${services.packaging_quantity})`);
  if (services.cleaning) lines.push('Limpieza tras la mudanza');
  if (services.fragile) lines.push('Manipulación de objetos frágiles');
  if (services.long_stairs) lines.push('Escaleras largas (4 o más pisos)');
  return lines;
}

export function formatKg(kg: number): string {
  return `${formatNumber(kg, { decimals: 1 })} kg`;
}

/** Whole days from today to a calendar date (negative when past). */
export function daysUntil(isoDate: string, today = companyToday()): number {
  const toUtc = (d: string) => {
    const [y, m, day] = d.split('-').map(Number);
    return Date.UTC(y ?? 1970, (m ?? 1) - 1, day ?? 1);
  };
  return Math.round((toUtc(isoDate) - toUtc(today)) / 86_400_000);
}

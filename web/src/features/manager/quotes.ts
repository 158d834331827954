// The managers' quotes inbox (§3 'Quote request'): the newest copy of each quote, the inbox
// filters, the texts of a quote's card, and the create wizard filled from a quote. Pure: the store
// and the components call these.
//
// The price finder and the staff wizard speak the same enumerations (lib/options). A value the
// lists do not know gets the default and the instructions say what the customer chose, so nothing
// they told us is lost.
import type { CatalogueObject, MovedObject, QuoteInboxEntry, QuoteStatus } from '../../lib/api';
import { COMMON_OBJECTS } from './catalog';
import { accessLabel, ACCESS_TYPES, canonical, PROPERTY_TYPES, type Option, hasFloors } from '../../lib/options';
import { computePrice } from './pricing';
import { initialWizardForm, type WizardForm } from './wizard';
import { clampQuantity, labelOf, showsElevator } from '../../lib/moveOptions';

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  nueva: 'Nueva',
  convertida: 'Convertida',
  descartada: 'Descartada',
};

export type QuoteFilter = QuoteStatus | 'todas';

export const QUOTE_FILTERS: readonly { key: QuoteFilter; label: string }[] = [
  { key: 'nueva', label: 'Nuevas' },
  { key: 'convertida', label: 'Convertidas' },
  { key: 'descartada', label: 'Descartadas' },
  { key: 'todas', label: 'Todas' },
];

/** Whether a live change's data looks like an inbox entry. */
export function isInboxQuote(data: unknown): data is QuoteInboxEntry {
  if (typeof data !== 'object' || data === null) return false;
  const q = data as Partial<QuoteInboxEntry>;
  return (
    typeof q.id === 'string' &&
    typeof q.recibida === 'string' &&
    typeof q.estado === 'string' &&
    typeof q.version === 'number' &&
    typeof q.contact === 'object' &&
    q.contact !== null &&
    typeof q.moveDetails === 'object' &&
    q.moveDetails !== null &&
    Array.isArray(q.moveDetails.objects)
  );
}

/** Newest request first, as the server lists them. */
function newestFirst(a: QuoteInboxEntry, b: QuoteInboxEntry): number {
  if (a.recibida !== b.recibida) return a.recibida < b.recibida ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * Puts `incoming` in the list unless the list holds a newer copy of that quote: a live change and
 * an HTTP answer may arrive in either order, and the older must not win.
 */
export function upsertQuote(quotes: readonly QuoteInboxEntry[], incoming: QuoteInboxEntry): QuoteInboxEntry[] {
  const index = quotes.findIndex((q) => q.id === incoming.id);
  if (index === -1) return [...quotes, incoming].sort(newestFirst);
  const previous = quotes[index]!;
  if (previous.version > incoming.version) return [...quotes];
  const next = [...quotes];
  // The live feed's copies do not name the referrer (the list reads it from the accounts): the
  // name already known stays.
  next[index] =
    needsReferrer(incoming) && previous.recomendacion === incoming.recomendacion && !needsReferrer(previous)
      ? { ...incoming, recomendado_por: previous.recomendado_por }
      : incoming;
  return next;
}

/** A request that came through a client's link whose copy does not say who that client is. */
export function needsReferrer(quote: QuoteInboxEntry): boolean {
  return Boolean(quote.recomendacion) && quote.recomendado_por === undefined;
}

/** 'Recomendado por Ana García' for a request that came through a client's link ('un cliente'
 * once that account is gone, or until the name is read); null for any other. */
export function referralText(quote: QuoteInboxEntry): string | null {
  if (!quote.recomendacion) return null;
  return `Recomendado por ${quote.recomendado_por ?? 'un cliente'}`;
}

/** A freshly loaded inbox merged with what the live feed delivered while it was loading. */
export function mergeQuotes(
  current: readonly QuoteInboxEntry[],
  loaded: readonly QuoteInboxEntry[],
): QuoteInboxEntry[] {
  return loaded.reduce<QuoteInboxEntry[]>((list, quote) => upsertQuote(list, quote), [...current]);
}

export function filterQuotes(quotes: readonly QuoteInboxEntry[], filter: QuoteFilter): QuoteInboxEntry[] {
  return filter === 'todas' ? [...quotes] : quotes.filter((q) => q.estado === filter);
}

export function countQuotes(quotes: readonly QuoteInboxEntry[]): Record<QuoteFilter, number> {
  const counts: Record<QuoteFilter, number> = { nueva: 0, convertida: 0, descartada: 0, todas: quotes.length };
  for (const q of quotes) counts[q.estado] += 1;
  return counts;
}

// Objects.

/** What the wizard needs to know of an object: its name and weight (kg). */
export type ObjectInfo = { nombre: string; peso: number };
export type ObjectNames = ReadonlyMap<string, ObjectInfo>;

/** The objects the dashboard knows: the wizard's built-in list, and the catalogue once loaded. */
export function objectNames(catalogue: readonly Pick<CatalogueObject, 'id' | 'nombre' | 'peso'>[] | null): ObjectNames {
  const names = new Map<string, ObjectInfo>(COMMON_OBJECTS.map((o) => [o.id, { nombre: o.nombre, peso: o.peso }]));
  for (const o of catalogue ?? []) names.set(o.id, { nombre: o.nombre, peso: o.peso });
  return names;
}

/** Whether some quote lists an object that `names` does not know. */
export function needsCatalogue(quotes: readonly QuoteInboxEntry[], names: ObjectNames): boolean {
  return quotes.some((q) => q.moveDetails.objects.some((o) => !names.has(o.id)));
}

/** 'caja-mediana' → 'Caja mediana': a readable name for an object no list knows. */
export function humanizeId(id: string): string {
  const words = id.replace(/[-_]+/g, ' ').trim();
  return words === '' ? id : words.charAt(0).toUpperCase() + words.slice(1);
}

/** §3 offer packs as the site names them. */
export const PACK_NAMES: Record<string, string> = {
  esential: 'Pack Esencial',
  advanced: 'Pack Avanzado',
  premium: 'Pack Premium',
};

/**
 * The quote's objects as the wizard lists them, named and weighed; an offer pack (§3 lists
 * offer_pack among the object categories) is one more line, so a pack alone still makes a move.
 */
export function objectLines(quote: QuoteInboxEntry, names: ObjectNames): MovedObject[] {
  const lines: MovedObject[] = quote.moveDetails.objects.map(({ id, quantity }) => {
    const known = names.get(id);
    return { id, nombre: known?.nombre ?? humanizeId(id), peso: known?.peso ?? 0, quantity };
  });
  const pack = quote.moveDetails.offerPack;
  if (pack) lines.push({ id: `pack-${pack}`, nombre: PACK_NAMES[pack] ?? humanizeId(pack), peso: 0, quantity: 1 });
  return lines;
}

/** 'Sofá de 3 plazas ×1, Caja mediana ×12 y 2 más'. */
export function objectsSummary(lines: readonly MovedObject[], shown = 3): string {
  if (lines.length === 0) return 'Sin objetos';
  const named = lines.slice(0, shown).map((o) => `${o.nombre} ×${o.quantity}`);
  const rest = lines.length - named.length;
  return rest > 0 ? `${named.join(', ')} y ${rest} más` : named.join(', ');
}

/** The services the customer asked for, as a list of Spanish names. */
export function quoteServicesList(services: QuoteInboxEntry['moveDetails']['services']): string[] {
  const list: string[] = [];
  if (services.dismount) list.push(`Desmontaje ×${services.dismountQuantity}`);
  if (services.packaging) list.push(`Embalaje ×${services.packagingQuantity}`);
  if (services.bestPackaging) list.push('Embalaje profesional');
  if (services.cleaning) list.push('Limpieza');
  if (services.fragile) list.push('Objetos frágiles');
  if (services.longStairs) list.push('Escaleras largas');
  return list;
}

/** How the customer prefers to be contacted, to read within a sentence ('prefiere WhatsApp'). */
export const CONTACT_PREFERENCE_WORDS: Record<string, string> = {
  phone: 'teléfono',
  email: 'email',
  whatsapp: 'WhatsApp',
};

/** An access type's label (the one list, lib/options, and the old values' names), else the value. */
export function calculatorAccessLabel(value: string): string {
  return accessLabel(value) ?? value;
}

/** The quote's value as the wizard's (the same lists: only the spelling may differ). */
function listed(value: string, list: readonly Option[], fallback: string): { value: string; exact: boolean } {
  const key = canonical(value);
  return list.some((o) => o.value === key) ? { value: key, exact: true } : { value: fallback, exact: false };
}

// Price.

/**
 * The base (in cents) that, with 21 % VAT on, totals `totalCents`, or as near as cents allow: the
 * server's estimate includes VAT, and the wizard takes the price before it.
 */
export function baseForTotal(totalCents: number): number {
  const none = { distanceCents: 0, servicesCents: 0, urgencyCents: 0, advanceCents: 0 };
  const total = (base: number) => computePrice({ ...none, baseCents: base, ivaEnabled: true }).totalCents;
  const guess = Math.round(totalCents / 1.21);
  let best = guess;
  for (let base = guess - 2; base <= guess + 2; base += 1) {
    if (base >= 0 && Math.abs(total(base) - totalCents) < Math.abs(total(best) - totalCents)) best = base;
  }
  return best;
}

/** Euros for an input field: '123.45', never '123.45000001'. */
function eurosText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * The create wizard's form filled from a quote: every field the customer gave, and a note in the
 * instructions for what the wizard cannot hold.
 */
export function quoteToWizardForm(quote: QuoteInboxEntry, names: ObjectNames): WizardForm {
  const d = quote.moveDetails;
  const notes: string[] = [];
  const side = (which: 'origin' | 'destination', label: string) => {
    const address = d[which];
    const type = listed(address.propertyType, PROPERTY_TYPES, 'apartment_1_room');
    const access = listed(address.access, ACCESS_TYPES, 'normal');
    if (!type.exact) notes.push(`vivienda de ${label}: ${labelOf(PROPERTY_TYPES, address.propertyType)}`);
    if (!access.exact) notes.push(`acceso en ${label}: ${calculatorAccessLabel(address.access)}`);
    const floor = hasFloors(type.value) ? address.floor : 'ground';
    return {
      address: address.address,
      type: type.value,
      access: access.value,
      floor,
      elevator: address.elevator && showsElevator(type.value, floor),
    };
  };
  const origin = side('origin', 'origen');
  const destination = side('destination', 'destino');
  if (d.services.bestPackaging) notes.push('embalaje profesional de todo');
  const instructions = [d.instructions.trim(), notes.length > 0 ? `Del presupuesto web: ${notes.join('; ')}.` : '']
    .filter((text) => text !== '')
    .join('\n');

  const form = initialWizardForm();
  return {
    ...form,
    clientEmail: quote.contact.email,
    originAddress: origin.address,
    destinationAddress: destination.address,
    originPropertyType: origin.type,
    destinationPropertyType: destination.type,
    originAccess: origin.access,
    destinationAccess: destination.access,
    originFloor: origin.floor,
    destinationFloor: destination.floor,
    originElevator: origin.elevator,
    destinationElevator: destination.elevator,
    selectedObjects: objectLines(quote, names),
    dismount: d.services.dismount,
    dismountQuantity: d.services.dismount ? clampQuantity(d.services.dismountQuantity) : form.dismountQuantity,
    packaging: d.services.packaging,
    packagingQuantity: d.services.packaging ? clampQuantity(d.services.packagingQuantity) : form.packagingQuantity,
    cleaning: d.services.cleaning,
    fragile: d.services.fragile,
    longStairs: d.services.longStairs,
    instructions,
    preferredDate: d.schedule.preferredDate,
    alternativeDate: d.schedule.alternativeDate ?? '',
    flexibleDates: d.schedule.flexibleDates,
    timePreference: d.schedule.timePreference,
    contactName: quote.contact.name,
    contactPhone: quote.contact.phone,
    contactEmail: quote.contact.email,
    contactPreference: quote.contact.preferredContact,
    basePrice: quote.precio_estimado == null ? '' : eurosText(baseForTotal(Math.round(quote.precio_estimado * 100))),
    ivaEnabled: true,
  };
}

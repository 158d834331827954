// The price finder's calculator (§2 price finder, §3 price request and quote request, §4 steps and
// floor/elevator rules, §5 warnings, §9 debounces). Pure: the store holds a Calculator and calls
// these; the slides only render it.
import type {
  CatalogueObject,
  ContactPreference,
  ObjectCategory,
  OfferPack,
  PriceAddress,
  PriceRequest,
  PriceServices,
  QuoteRequest,
  TimeSlot,
} from '../../lib/api';
import { normalizeSearch } from '../../lib/text';
import { clampQuantity, showsElevator, type FloorAndElevator } from '../../lib/moveOptions';
import { hasFloors, type Option } from '../../lib/options';
import { companyToday } from '../../lib/calendar';

export type Step = 1 | 2 | 3 | 4 | 5 | 6;

export const STEPS: readonly { step: Step; title: string }[] = [
  { step: 1, title: 'Direcciones' },
  { step: 2, title: 'Viviendas' },
  { step: 3, title: 'Objetos' },
  { step: 4, title: 'Servicios' },
  { step: 5, title: 'Fechas' },
  { step: 6, title: 'Resumen' },
];

export const LAST_STEP: Step = 6;

/** §9 debounces, in milliseconds. */
export const AUTOCOMPLETE_DELAY_MS = 1500;
export const ROUTE_DELAY_MS = 2000;
export const SEARCH_DELAY_MS = 300;

/** §9: addresses must exceed 5 characters. */
export const MIN_ADDRESS_LENGTH = 6;

export const CATEGORIES: readonly Option<ObjectCategory>[] = [
  { value: 'sofas', label: 'Sofás' },
  { value: 'armarios', label: 'Armarios' },
  { value: 'cajas', label: 'Cajas' },
  { value: 'camas_y_colchones', label: 'Camas y colchones' },
  { value: 'mesas', label: 'Mesas' },
  { value: 'televisores', label: 'Televisores' },
  { value: 'sillas', label: 'Sillas' },
  { value: 'otros', label: 'Otros' },
];

export interface PackOffer {
  id: OfferPack;
  name: string;
  /** Euros, VAT included. */
  from: number;
  /** Percent off the usual price. */
  discount: number;
  description: string;
}

/**
 * §3 offer packs: all of them only within the M-30 ring road. The volumes included are the
 * server's (command/tarifas.toml, [packs.*] volume_m3); more volume is charged at the usual rate.
 */
export const OFFER_PACKS: readonly PackOffer[] = [
  {
    id: 'esential',
    name: 'Pack Esencial',
    from: 30,
    discount: 53,
    description: 'Transporte de hasta 2 m³: unas cajas y objetos sueltos.',
  },
  {
    id: 'advanced',
    name: 'Pack Avanzado',
    from: 90,
    discount: 40,
    description: 'Transporte de hasta 4,7 m³: un estudio o un piso pequeño.',
  },
  {
    id: 'premium',
    name: 'Pack Premium',
    from: 195,
    discount: 39,
    description: 'Transporte de hasta 10 m³: un piso de dos o tres habitaciones.',
  },
];

/** Why the packs cannot be chosen: shown instead of their buttons working. */
export const PACKS_OUTSIDE_M30 = 'Los packs solo están disponibles cuando origen y destino están dentro de la M-30';

/** Whether the offer packs apply to the route of the addresses as they are now. */
export function packsAvailable(calc: Pick<Calculator, 'origin' | 'destination' | 'route'>): boolean {
  const route = currentRoute(calc);
  return route.status === 'ready' && route.insideM30;
}

/** §5 warnings and messages, worded as the spec words them. */
export const WARNINGS = {
  addresses: 'Por favor, ingresa direcciones válidas de origen y destino.',
  distanceFailed: 'No se pudo calcular la distancia...',
  distancePending: 'Esperando el cálculo de distancia...',
  objects: 'Debe seleccionar al menos un objeto o un pack...',
  preferredDate: 'Por favor, selecciona una fecha preferida para la mudanza.',
  pastDate: 'La fecha no puede ser anterior a hoy.',
} as const;

// The calculator's state.

export interface CalculatorSide extends FloorAndElevator {
  address: string;
  access: string;
}

interface RouteKey {
  origin: string;
  destination: string;
}

/** The route figures, always for the addresses in `origin`/`destination` when they were asked. */
export type RouteState =
  | { status: 'idle' }
  | ({ status: 'loading' } & RouteKey)
  | ({ status: 'error' } & RouteKey)
  | ({
      status: 'ready';
      /** km */
      distance: number;
      /** minutes */
      duration: number;
      distanceText: string;
      durationText: string;
      /** A data: URL, or null when the server sent none. */
      image: string | null;
      /** Both addresses inside the M-30: the only moves the offer packs are for (§3). */
      insideM30: boolean;
    } & RouteKey);

export interface SelectedObject {
  id: string;
  nombre: string;
  categoria: ObjectCategory;
  quantity: number;
}

export interface Schedule {
  /** YYYY-MM-DD or '' */
  preferredDate: string;
  /** YYYY-MM-DD or '' */
  alternativeDate: string;
  flexibleDates: boolean;
  timePreference: TimeSlot;
}

export interface Calculator {
  origin: CalculatorSide;
  destination: CalculatorSide;
  route: RouteState;
  objects: SelectedObject[];
  offerPack: OfferPack | null;
  services: PriceServices;
  instructions: string;
  schedule: Schedule;
  contactPreference: ContactPreference;
}

function emptySide(): CalculatorSide {
  return { address: '', propertyType: 'apartment_1_room', access: 'normal', floor: 'ground', elevator: false };
}

/** §3: time preference flexible and contact preference phone by default. */
export function initialCalculator(): Calculator {
  return {
    origin: emptySide(),
    destination: emptySide(),
    route: IDLE_ROUTE,
    objects: [],
    offerPack: null,
    services: {
      dismount: false,
      dismountQuantity: 1,
      packaging: false,
      packagingQuantity: 1,
      bestPackaging: false,
      cleaning: false,
      fragile: false,
      longStairs: false,
    },
    instructions: '',
    schedule: { preferredDate: '', alternativeDate: '', flexibleDates: false, timePreference: 'flexible' },
    contactPreference: 'phone',
  };
}

// Addresses and the route (§7, §9).

/** Both addresses exceed 5 characters. */
export function addressesValid(origin: string, destination: string): boolean {
  return origin.trim().length >= MIN_ADDRESS_LENGTH && destination.trim().length >= MIN_ADDRESS_LENGTH;
}

/** §7: the route is asked for only when both addresses exceed 5 characters and neither ends with a comma. */
export function routeQueryReady(origin: string, destination: string): boolean {
  return addressesValid(origin, destination) && !origin.trim().endsWith(',') && !destination.trim().endsWith(',');
}

const IDLE_ROUTE: RouteState = { status: 'idle' };

/** The route state if it belongs to the addresses as they are now, else idle (one shared object, so it can be a store selector). */
export function currentRoute(calc: Pick<Calculator, 'origin' | 'destination' | 'route'>): RouteState {
  const { route } = calc;
  if (route.status === 'idle') return route;
  return route.origin === calc.origin.address && route.destination === calc.destination.address ? route : IDLE_ROUTE;
}

/** Whether the page should ask for the route of the current addresses (it has not, or not yet). */
export function needsRoute(calc: Pick<Calculator, 'origin' | 'destination' | 'route'>): boolean {
  return routeQueryReady(calc.origin.address, calc.destination.address) && currentRoute(calc).status === 'idle';
}

// Objects and packs.

export function objectQuantity(objects: readonly SelectedObject[], id: string): number {
  return objects.find((o) => o.id === id)?.quantity ?? 0;
}

/** Most of one object a move can list; more is a typo. */
export const MAX_OBJECT_QUANTITY = 99;

/** Sets how many of an object go; 0 takes it off the list. Order of first selection is kept. */
export function setObjectQuantity(
  objects: readonly SelectedObject[],
  object: Pick<CatalogueObject, 'id' | 'nombre' | 'categoria'>,
  quantity: number,
): SelectedObject[] {
  const q = Math.min(MAX_OBJECT_QUANTITY, Math.max(0, Math.round(Number.isFinite(quantity) ? quantity : 0)));
  if (q === 0) return objects.filter((o) => o.id !== object.id);
  const item: SelectedObject = { id: object.id, nombre: object.nombre, categoria: object.categoria, quantity: q };
  const index = objects.findIndex((o) => o.id === object.id);
  if (index === -1) return [...objects, item];
  return objects.map((o, i) => (i === index ? item : o));
}

export function totalUnits(objects: readonly SelectedObject[]): number {
  return objects.reduce((sum, o) => sum + o.quantity, 0);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** §7: images are checked as base64 before use; null hides the image. */
export function objectImageSrc(object: Pick<CatalogueObject, 'imagen' | 'imagen_tipo'>): string | null {
  const data = (object.imagen ?? '').replace(/\s+/g, '');
  const type = (object.imagen_tipo ?? '').trim();
  if (data === '' || data.length % 4 !== 0 || !BASE64.test(data) || !/^image\/[a-z0-9.+-]+$/i.test(type)) return null;
  return `data:${type};base64,${data}`;
}

export function categoryLabel(category: string): string {
  return CATEGORIES.find((c) => c.value === category)?.label ?? category;
}

/**
 * §5 object search: every word typed appears in the name or the category, case and accents
 * ignored. Objects whose name alone matches come first ('colchón' lists mattresses before beds).
 */
export function filterCatalogue<T extends Pick<CatalogueObject, 'nombre' | 'categoria'>>(
  objects: readonly T[],
  query: string,
): T[] {
  const words = normalizeSearch(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...objects];
  const byName: T[] = [];
  const byCategory: T[] = [];
  for (const o of objects) {
    const name = normalizeSearch(o.nombre);
    const withCategory = `${name} ${normalizeSearch(categoryLabel(o.categoria))}`;
    if (words.every((w) => name.includes(w))) byName.push(o);
    else if (words.every((w) => withCategory.includes(w))) byCategory.push(o);
  }
  return [...byName, ...byCategory];
}

// Step rules (§4, §5).

/** The §5 warning that keeps the user on `step`, or null when Next may go on. */
export function stepWarning(step: Step, calc: Calculator, today: string = companyToday()): string | null {
  switch (step) {
    case 1: {
      if (!addressesValid(calc.origin.address, calc.destination.address)) return WARNINGS.addresses;
      const route = currentRoute(calc);
      if (route.status === 'error') return WARNINGS.distanceFailed;
      if (route.status !== 'ready') return WARNINGS.distancePending;
      return null;
    }
    case 3:
      return totalUnits(calc.objects) > 0 || calc.offerPack !== null ? null : WARNINGS.objects;
    case 5: {
      const { preferredDate, alternativeDate } = calc.schedule;
      if (preferredDate.trim() === '') return WARNINGS.preferredDate;
      if (preferredDate < today || (alternativeDate !== '' && alternativeDate < today)) return WARNINGS.pastDate;
      return null;
    }
    default:
      return null;
  }
}

export function stepIsValid(step: Step, calc: Calculator, today: string = companyToday()): boolean {
  return stepWarning(step, calc, today) === null;
}

/** The first step whose rule fails, or null: the summary's price is only asked for when all pass. */
export function firstInvalidStep(calc: Calculator, today: string = companyToday()): Step | null {
  return STEPS.find(({ step }) => !stepIsValid(step, calc, today))?.step ?? null;
}

// Requests (§3).

function priceAddress(side: CalculatorSide): Omit<PriceAddress, 'elevator'> & { elevator: boolean } {
  const floors = hasFloors(side.propertyType);
  return {
    address: side.address.trim(),
    propertyType: side.propertyType,
    access: side.access,
    floor: floors ? side.floor : 'ground',
    elevator: side.elevator && showsElevator(side.propertyType, side.floor),
  };
}

function withElevatorFlag(side: CalculatorSide): PriceAddress {
  const address = priceAddress(side);
  return { ...address, elevator: address.elevator ? 1 : 0 };
}

/** POST /api/calculate-price: elevator as 1/0, quantities within 1-10, an empty alternative date as null. */
export function buildPriceRequest(calc: Calculator): PriceRequest {
  const route = currentRoute(calc);
  const services = calc.services;
  return {
    origin: withElevatorFlag(calc.origin),
    destination: withElevatorFlag(calc.destination),
    objects: calc.objects.filter((o) => o.quantity > 0).map(({ id, quantity }) => ({ id, quantity })),
    services: {
      ...services,
      dismountQuantity: clampQuantity(services.dismountQuantity),
      packagingQuantity: clampQuantity(services.packagingQuantity),
    },
    schedule: {
      preferredDate: calc.schedule.preferredDate,
      alternativeDate: calc.schedule.alternativeDate === '' ? null : calc.schedule.alternativeDate,
      flexibleDates: calc.schedule.flexibleDates,
      timePreference: calc.schedule.timePreference,
    },
    distance: route.status === 'ready' ? route.distance : 0,
    duration: route.status === 'ready' ? route.duration : 0,
    instructions: calc.instructions.trim(),
    offerPack: calc.offerPack,
  };
}

export interface QuoteContact {
  name: string;
  email: string;
  phone: string;
  /** Agrees to be contacted about this quote: required to send it. */
  consent: boolean;
  /** Optional: also wants offers later. */
  marketing: boolean;
}

export const EMPTY_CONTACT: QuoteContact = { name: '', email: '', phone: '', consent: false, marketing: false };

/** POST /api/submit-quote-request: the price request with elevator as a boolean, the price the user was shown, and the consents. */
export type QuoteSubmission = QuoteRequest;

/** `estimatedPrice` null: no price could be calculated, and none is sent. `referralCode`: the
 * friend's link the visitor came through, '' (not sent) without one. */
export function buildQuoteRequest(
  calc: Calculator,
  contact: QuoteContact,
  estimatedPrice: number | null,
  referralCode = '',
): QuoteSubmission {
  const price = buildPriceRequest(calc);
  return {
    contact: {
      name: contact.name.trim(),
      email: contact.email.trim().toLowerCase(),
      phone: contact.phone.replace(/\s+/g, ''),
      preferredContact: calc.contactPreference,
    },
    moveDetails: {
      ...price,
      origin: priceAddress(calc.origin),
      destination: priceAddress(calc.destination),
      ...(estimatedPrice === null ? {} : { estimatedPrice }),
    },
    consent: { contact: contact.consent, marketing: contact.marketing },
    ...(referralCode ? { referralCode } : {}),
  };
}

// Quote contact (§5).

export const QUOTE_MESSAGES = {
  email: 'Por favor, introduzca un email válido.',
  phone: 'Por favor, introduzca un número de teléfono válido.',
  consent: 'Para enviarte el presupuesto necesitamos tu permiso para contactarte.',
  priceError: 'Error al calcular el precio. Inténtalo de nuevo.',
  priceFallback: 'No te preocupes: envíanos tus datos y te prepararemos un presupuesto personalizado sin compromiso.',
  sent: '¡Solicitud enviada! Te contactaremos pronto.',
  sendError: 'Error al enviar la solicitud. Inténtalo de nuevo.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function quoteEmailError(email: string): string | null {
  return EMAIL.test(email.trim()) ? null : QUOTE_MESSAGES.email;
}

/** §5: a phone of 9 digits (spaces ignored, an optional +34 in front). */
export function quotePhoneError(phone: string): string | null {
  return /^(\+34)?\d{9}$/.test(phone.replace(/\s+/g, '')) ? null : QUOTE_MESSAGES.phone;
}

/** A quote may be asked for once the price is known, or known not to be calculable (§8: then the
 * request is for a personalised quote); not while it is still being calculated. */
export function priceSettled(status: 'idle' | 'loading' | 'ready' | 'error'): boolean {
  return status === 'ready' || status === 'error';
}

/** §5: the button needs a name (and the consent to be contacted); email and phone are checked on press. */
export function canPressSend(contact: QuoteContact): boolean {
  return contact.name.trim() !== '' && contact.consent;
}

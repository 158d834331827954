// The 9-step create-move wizard of the manager dashboard (§3 'Create-move wizard form', §4
// 'Create wizard' and floor/elevator rules, §5 wizard validation, §9 prices). Pure: the modal
// holds a WizardForm and calls these.
import type {
  ContactPreference,
  CreateMoveRequest,
  MovedObject,
  PropertyDetailsRequest,
  TimeSlot,
  Urgency,
} from '../../lib/api';
import {
  clampQuantity,
  showsElevator,
  withElevator,
  withFloor,
  withPropertyType,
  type FloorAndElevator,
} from '../../lib/moveOptions';
import { hasFloors } from '../../lib/options';
import { parseEuros, priceOfFields, priceRequest, type PriceBreakdown } from './pricing';
import { companyToday } from '../../lib/calendar';

export const WIZARD_STEPS = [
  'Cliente',
  'Direcciones',
  'Viviendas',
  'Objetos',
  'Servicios',
  'Fechas',
  'Contacto',
  'Precio',
  'Resumen',
] as const;

export const STEP_COUNT = WIZARD_STEPS.length;

export type Side = 'origin' | 'destination';

export interface WizardForm {
  clientEmail: string;
  originAddress: string;
  destinationAddress: string;
  originPropertyType: string;
  destinationPropertyType: string;
  originAccess: string;
  destinationAccess: string;
  originFloor: string;
  destinationFloor: string;
  originElevator: boolean;
  destinationElevator: boolean;
  selectedObjects: MovedObject[];
  dismount: boolean;
  dismountQuantity: number;
  packaging: boolean;
  packagingQuantity: number;
  cleaning: boolean;
  fragile: boolean;
  longStairs: boolean;
  instructions: string;
  preferredDate: string;
  alternativeDate: string;
  flexibleDates: boolean;
  timePreference: TimeSlot;
  urgency: Urgency;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  contactPreference: ContactPreference;
  /** Euro amounts as typed. */
  basePrice: string;
  distanceCost: string;
  servicesCost: string;
  urgencyCost: string;
  advancePayment: string;
  ivaEnabled: boolean;
}

/** §3 defaults: apartment_1_room, access normal, floor ground, flexible, phone, VAT on. */
export function initialWizardForm(): WizardForm {
  return {
    clientEmail: '',
    originAddress: '',
    destinationAddress: '',
    originPropertyType: 'apartment_1_room',
    destinationPropertyType: 'apartment_1_room',
    originAccess: 'normal',
    destinationAccess: 'normal',
    originFloor: 'ground',
    destinationFloor: 'ground',
    originElevator: false,
    destinationElevator: false,
    selectedObjects: [],
    dismount: false,
    dismountQuantity: 1,
    packaging: false,
    packagingQuantity: 1,
    cleaning: false,
    fragile: false,
    longStairs: false,
    instructions: '',
    preferredDate: '',
    alternativeDate: '',
    flexibleDates: false,
    timePreference: 'flexible',
    urgency: 'normal',
    contactName: '',
    contactPhone: '',
    contactEmail: '',
    contactPreference: 'phone',
    basePrice: '',
    distanceCost: '',
    servicesCost: '',
    urgencyCost: '',
    advancePayment: '',
    ivaEnabled: true,
  };
}

// §4 floor/elevator rules (../moves/moveOptions), applied to one side of the form.

const KEYS = {
  origin: { type: 'originPropertyType', floor: 'originFloor', elevator: 'originElevator', access: 'originAccess' },
  destination: {
    type: 'destinationPropertyType',
    floor: 'destinationFloor',
    elevator: 'destinationElevator',
    access: 'destinationAccess',
  },
} as const;

export function propertyOf(form: WizardForm, side: Side) {
  const k = KEYS[side];
  return { type: form[k.type], floor: form[k.floor], elevator: form[k.elevator], access: form[k.access] };
}

function withSide(form: WizardForm, side: Side, rule: (p: FloorAndElevator) => FloorAndElevator): WizardForm {
  const k = KEYS[side];
  const p = rule({ propertyType: form[k.type], floor: form[k.floor], elevator: form[k.elevator] });
  return { ...form, [k.type]: p.propertyType, [k.floor]: p.floor, [k.elevator]: p.elevator };
}

export function setPropertyType(form: WizardForm, side: Side, propertyType: string): WizardForm {
  return withSide(form, side, (p) => withPropertyType(p, propertyType));
}

export function setFloor(form: WizardForm, side: Side, floor: string): WizardForm {
  return withSide(form, side, (p) => withFloor(p, floor));
}

export function setElevator(form: WizardForm, side: Side, elevator: boolean): WizardForm {
  return withSide(form, side, (p) => withElevator(p, elevator));
}

export function setAccess(form: WizardForm, side: Side, access: string): WizardForm {
  return { ...form, [KEYS[side].access]: access };
}

// Objects.

export function objectQuantity(form: WizardForm, id: string): number {
  return form.selectedObjects.find((o) => o.id === id)?.quantity ?? 0;
}

/** Sets how many of an object go; 0 takes it off the list. */
export function setObjectQuantity(
  form: WizardForm,
  object: { id: string; nombre: string; peso: number },
  quantity: number,
): WizardForm {
  const q = Math.max(0, Math.round(Number.isFinite(quantity) ? quantity : 0));
  const rest = form.selectedObjects.filter((o) => o.id !== object.id);
  if (q === 0) return { ...form, selectedObjects: rest };
  const index = form.selectedObjects.findIndex((o) => o.id === object.id);
  const item: MovedObject = { id: object.id, nombre: object.nombre, peso: object.peso, quantity: q };
  if (index === -1) return { ...form, selectedObjects: [...form.selectedObjects, item] };
  const selectedObjects = [...form.selectedObjects];
  selectedObjects[index] = item;
  return { ...form, selectedObjects };
}

// Prices.

export function wizardPrice(form: WizardForm): PriceBreakdown {
  return priceOfFields(form);
}

// §5 wizard validation: what Next checks on each step (1-based). Steps 3, 5 and 9 check nothing.

export const WIZARD_ERRORS = {
  clientEmail: 'El email del cliente es requerido',
  addresses: 'Las direcciones son requeridas',
  objects: 'Debe seleccionar al menos un objeto',
  preferredDate: 'La fecha preferida es requerida',
  contact: 'La información de contacto es requerida',
  total: 'El precio total debe ser mayor a 0',
  pastDate: 'La fecha no puede ser anterior a hoy',
  alternativeBefore: 'La fecha alternativa no puede ser anterior a la preferida',
  invalidPrice: 'Los precios deben ser importes válidos, de 0 € o más',
  advance: 'El anticipo solicitado debe estar entre 0 € y el precio total',
} as const;

/**
 * The error that keeps the user on `step`, or null when they may go on. `today` (YYYY-MM-DD, the
 * user's calendar) bounds the dates (§5: dates minimum today), as the server checks too.
 */
export function validateStep(step: number, form: WizardForm, today: string = companyToday()): string | null {
  switch (step) {
    case 1:
      return form.clientEmail.trim() === '' ? WIZARD_ERRORS.clientEmail : null;
    case 2:
      return form.originAddress.trim() === '' || form.destinationAddress.trim() === '' ? WIZARD_ERRORS.addresses : null;
    case 4:
      return form.selectedObjects.some((o) => o.quantity > 0) ? null : WIZARD_ERRORS.objects;
    case 6:
      if (form.preferredDate.trim() === '') return WIZARD_ERRORS.preferredDate;
      if (form.preferredDate < today) return WIZARD_ERRORS.pastDate;
      if (form.alternativeDate !== '' && form.alternativeDate < form.preferredDate) {
        return WIZARD_ERRORS.alternativeBefore;
      }
      return null;
    case 7:
      return form.contactName.trim() === '' || form.contactPhone.trim() === '' ? WIZARD_ERRORS.contact : null;
    case 8: {
      const amounts = [form.basePrice, form.distanceCost, form.servicesCost, form.urgencyCost].map(parseEuros);
      if (amounts.some((cents) => cents === null || cents < 0)) return WIZARD_ERRORS.invalidPrice;
      const price = wizardPrice(form);
      if (price.totalCents <= 0) return WIZARD_ERRORS.total;
      const advance = parseEuros(form.advancePayment);
      if (advance === null || advance < 0 || advance > price.totalCents) return WIZARD_ERRORS.advance;
      return null;
    }
    default:
      return null;
  }
}

/** Every step's check in order: the first failing step and its message (the create button's guard). */
export function firstInvalidStep(
  form: WizardForm,
  today: string = companyToday(),
): { step: number; error: string } | null {
  for (let step = 1; step <= STEP_COUNT; step += 1) {
    const error = validateStep(step, form, today);
    if (error) return { step, error };
  }
  return null;
}

function property(form: WizardForm, side: Side): PropertyDetailsRequest {
  const p = propertyOf(form, side);
  return {
    property_type: p.type,
    access: p.access,
    floor: hasFloors(p.type) ? p.floor : 'ground',
    elevator: p.elevator && showsElevator(p.type, p.floor) ? 1 : 0,
  };
}

/** The body of POST /api/crear-mudanza. The contact person is the client the move is booked for. */
export function buildCreateRequest(form: WizardForm): CreateMoveRequest {
  const price = wizardPrice(form);
  const clientEmail = form.clientEmail.trim();
  return {
    cliente_nombre: form.contactName.trim(),
    cliente_telefono: form.contactPhone.trim(),
    cliente_email: clientEmail,
    origen: form.originAddress.trim(),
    destino: form.destinationAddress.trim(),
    fecha_programada: form.preferredDate,
    fecha_alternativa: form.alternativeDate === '' ? null : form.alternativeDate,
    flexible: form.flexibleDates,
    hora_preferida: form.timePreference,
    contacto_nombre: form.contactName.trim(),
    contacto_telefono: form.contactPhone.trim(),
    contacto_email: form.contactEmail.trim() || clientEmail,
    contacto_preferencia: form.contactPreference,
    estado: 'pendiente',
    urgencia: form.urgency,
    objects: form.selectedObjects.filter((o) => o.quantity > 0),
    services: {
      dismount: form.dismount,
      dismount_quantity: form.dismount ? clampQuantity(form.dismountQuantity) : 0,
      packaging: form.packaging,
      packaging_quantity: form.packaging ? clampQuantity(form.packagingQuantity) : 0,
      cleaning: form.cleaning,
      fragile: form.fragile,
      long_stairs: form.longStairs,
    },
    property_details: { origin: property(form, 'origin'), destination: property(form, 'destination') },
    instrucciones: form.instructions.trim(),
    ...priceRequest(price),
  };
}

/**
 * A fresh idempotency key: 32 hex digits. `crypto.getRandomValues` rather than `randomUUID`,
 * which browsers offer only on https or localhost, and the office may reach the server by
 * another name over plain http.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

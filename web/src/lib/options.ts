// The move enumerations (spec §3) and their Spanish labels, for every screen and document: the
// price finder, the staff wizard, the booking form, the worker's and the manager's lists, the
// invoice and the waybill. `opciones.json` is the server's own definition (command/opciones.json;
// a server test holds the two files equal), so no feature keeps a copy of these lists.
import type {
  ClientMoveStatus,
  ContactServiceType,
  JobExperience,
  JobPosition,
  Milestone,
  MoveStatus,
  ObjectCondition,
  PaymentStatus,
  TimeSlot,
  Urgency,
  WaybillSigner,
  WaybillStage,
  WindowOrder,
} from './api';
import opciones from './opciones.json';

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

const aliases: Record<string, string> = opciones.alias;
const old: Record<string, string> = opciones.antiguos;

/** The listed value a value stands for (the spec's other spellings resolved). */
export function canonical(value: string): string {
  return aliases[value] ?? value;
}

/** Morning 8-12, afternoon 12-17, evening 17-20, flexible. */
export const TIME_SLOTS: readonly Option<TimeSlot>[] = opciones.franjas.map(({ value, label }) => ({
  value: value as TimeSlot,
  label,
}));

export const ACCESS_TYPES: readonly Option[] = opciones.accesos;

export const PROPERTY_TYPES: readonly Option[] = opciones.viviendas.map(({ value, label }) => ({ value, label }));

/** Ground, first to tenth, and higher. */
export const FLOORS: readonly Option[] = opciones.plantas;

function labelIn(list: readonly Option[], value: string | null | undefined): string | undefined {
  const key = canonical((value ?? '').trim());
  return list.find((o) => o.value === key)?.label;
}

export function timeSlotLabel(value: string | null | undefined): string | undefined {
  return labelIn(TIME_SLOTS, value);
}

export function accessLabel(value: string | null | undefined): string | undefined {
  return labelIn(ACCESS_TYPES, value) ?? old[(value ?? '').trim()];
}

export function propertyTypeLabel(value: string | null | undefined): string | undefined {
  return labelIn(PROPERTY_TYPES, value);
}

export function floorLabel(value: string | null | undefined): string | undefined {
  return labelIn(FLOORS, value);
}

/** The crew's day, in order: en camino, llegada al origen, carga terminada, llegada al destino. */
export const MILESTONES: readonly Option<Milestone>[] = opciones.hitos.map(({ value, label }) => ({
  value: value as Milestone,
  label,
}));

export function milestoneLabel(value: string): string {
  return labelIn(MILESTONES, value) ?? value;
}

/**
 * The milestone the crew records next, or null once the day's last one is in. The server keeps
 * them in order, so what was recorded is always a start of the list.
 */
export function nextMilestone(recorded: readonly { hito: string }[]): Option<Milestone> | null {
  return MILESTONES.find((m) => !recorded.some((r) => r.hito === m.value)) ?? null;
}

/** §4: floors (and the elevator question) exist only for flats, studios and shared floors. */
export function hasFloors(propertyType: string): boolean {
  const key = canonical(propertyType);
  return opciones.viviendas.some((p) => p.value === key && p.plantas);
}

/** §1 contact service types, in the order the select lists them. */
export const SERVICE_TYPES: readonly { value: ContactServiceType; label: string }[] = [
  { value: 'mudanza_completa', label: 'Mudanza completa' },
  { value: 'mudanza_parcial', label: 'Mudanza parcial' },
  { value: 'mudanza_oficina', label: 'Mudanza de oficina' },
  { value: 'solo_transporte', label: 'Solo transporte' },
  { value: 'otros_servicios', label: 'Otros servicios' },
];

export function serviceTypeLabel(value: string): string {
  return SERVICE_TYPES.find((t) => t.value === value)?.label ?? value;
}

/** §3 job application: the positions (with the text the work-with-us page shows) and experience bands. */
export const POSITIONS: readonly { value: JobPosition; label: string; text: string }[] = [
  {
    value: 'conductor',
    label: 'Conductor/a',
    text: 'Conduces nuestros camiones por Madrid, España y Europa. Carné C o C1 y CAP en vigor.',
  },
  {
    value: 'operario',
    label: 'Operario/a de mudanzas',
    text: 'Embalas, cargas, desmontas y montas muebles con cuidado y en equipo.',
  },
  {
    value: 'coordinador',
    label: 'Coordinador/a de mudanzas',
    text: 'Planificas rutas, equipos y horarios, y acompañas al cliente de principio a fin.',
  },
  {
    value: 'atencion',
    label: 'Atención al cliente',
    text: 'Atiendes llamadas, WhatsApp y correo, y preparas presupuestos.',
  },
  {
    value: 'limpieza',
    label: 'Personal de limpieza',
    text: 'Dejas impecables las viviendas y oficinas antes y después de cada mudanza.',
  },
  {
    value: 'otro',
    label: 'Otro puesto',
    text: '¿Tu perfil no encaja en ninguno? Cuéntanos qué sabes hacer.',
  },
];

export const EXPERIENCE: readonly { value: JobExperience; label: string }[] = [
  { value: '0-1', label: '0-1 años' },
  { value: '2-5', label: '2-5 años' },
  { value: '6-10', label: '6-10 años' },
  { value: '10+', label: 'Más de 10 años' },
];

export function positionLabel(value: string): string {
  return POSITIONS.find((p) => p.value === value)?.label ?? value;
}

export function experienceLabel(value: string): string {
  return EXPERIENCE.find((e) => e.value === value)?.label ?? value;
}

/** A move's urgency (§3), as the staff edit form offers it. */
export const URGENCIES: readonly Option<Urgency>[] = [
  { value: 'normal', label: 'Normal' },
  { value: 'urgente', label: 'Urgente' },
];

/** §4 a move's status as the staff API names it. */
export const MOVE_STATUS_LABELS: Record<MoveStatus, string> = {
  pendiente: 'Pendiente',
  confirmada: 'Confirmada',
  'en curso': 'En Progreso',
  finalizada: 'Completada',
  cancelada: 'Cancelada',
};

/** §4 the same statuses as the client's API names them. */
export const CLIENT_STATUS_LABELS: Record<ClientMoveStatus, string> = {
  pending: 'Pendiente',
  confirmed: 'Confirmada',
  in_progress: 'En Progreso',
  completed: 'Completada',
  cancelled: 'Cancelada',
};

/** A move's payment state, as the customer reads it. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendiente de pago',
  partial: 'Pago parcial',
  paid: 'Pagado',
};

/** The same, in the staff's narrow columns. */
export const PAYMENT_STATUS_SHORT_LABELS: Record<PaymentStatus, string> = {
  pending: 'Pendiente',
  partial: 'Parcial',
  paid: 'Pagado',
};

/** The orders a staff list offers (GET /api/mudanzas `orden`). */
export const WINDOW_ORDERS: readonly Option<WindowOrder>[] = [
  { value: 'fecha', label: 'Fecha: próximas primero' },
  { value: '-fecha', label: 'Fecha: lejanas primero' },
  { value: '-numero', label: 'N.º: recientes primero' },
  { value: 'numero', label: 'N.º: antiguas primero' },
];

/** Which dates a staff list spans (GET /api/mudanzas `vista`). */
export const WINDOW_VIEWS: readonly Option<'proximas' | 'todas'>[] = [
  { value: 'proximas', label: 'Próximas y recientes' },
  { value: 'todas', label: 'Todas las fechas' },
];

/** The two moments of the waybill (issue 21), in the order of the day. */
export const WAYBILL_STAGES: readonly Option<WaybillStage>[] = [
  { value: 'recogida', label: 'Recogida' },
  { value: 'entrega', label: 'Entrega' },
];

export function waybillStageLabel(value: string): string {
  return WAYBILL_STAGES.find((s) => s.value === value)?.label ?? value;
}

/** Whose signature it is: 'Firma del cliente', 'Firma del operario'. */
export const SIGNATURE_LABELS: Record<WaybillSigner, string> = {
  cliente: 'Firma del cliente',
  operario: 'Firma del operario',
};

/** What an object on the waybill looked like, as the crew notes it. */
export const OBJECT_CONDITIONS: readonly Option<ObjectCondition>[] = [
  { value: 'buen_estado', label: 'En buen estado' },
  { value: 'danos_previos', label: 'Daños previos' },
  { value: 'danos_causados', label: 'Daños causados' },
];

export function objectConditionLabel(value: string): string {
  return OBJECT_CONDITIONS.find((c) => c.value === value)?.label ?? value;
}

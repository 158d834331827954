// The move enumerations (spec §3) and their Spanish labels, for every screen and document: the
// price finder, the staff wizard, the booking form, the worker's and the manager's lists, the
// invoice and the waybill. `opciones.json` is the server's own definition (command/opciones.json;
// a server test holds the two files equal), so no feature keeps a copy of these lists.
import opciones from './opciones.json';

export interface Option<T extends string = string> {
  value: T;
  label: string;
}

export type TimeSlotValue = 'morning' | 'afternoon' | 'evening' | 'flexible';

const aliases: Record<string, string> = opciones.alias;
const old: Record<string, string> = opciones.antiguos;

/** The listed value a value stands for (the spec's other spellings resolved). */
export function canonical(value: string): string {
  return aliases[value] ?? value;
}

/** Morning 8-12, afternoon 12-17, evening 17-20, flexible. */
export const TIME_SLOTS: readonly Option<TimeSlotValue>[] = opciones.franjas.map(({ value, label }) => ({
  value: value as TimeSlotValue,
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

/** §4: floors (and the elevator question) exist only for flats, studios and shared floors. */
export function hasFloors(propertyType: string): boolean {
  const key = canonical(propertyType);
  return opciones.viviendas.some((p) => p.value === key && p.plantas);
}

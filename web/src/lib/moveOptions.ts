// What the customer's price finder and the manager's create wizard share about a move: the floors,
// the §4 floor/elevator rules, the 1-10 service quantities (§5) and the contact preferences (§3).
// Pure; each form keeps its own shape and applies these to one side (origin or destination).
import type { ContactPreference } from './api';
import { canonical, hasFloors, type Option } from './options';

/** A value's label in a list (the spec's other spellings read as the listed value), else the value. */
export function labelOf(list: readonly Option[], value: string): string {
  const key = canonical(value.trim());
  return list.find((item) => item.value === key)?.label ?? value;
}

export const CONTACT_PREFERENCES: readonly Option<ContactPreference>[] = [
  { value: 'phone', label: 'Teléfono' },
  { value: 'email', label: 'Email' },
  { value: 'whatsapp', label: 'WhatsApp' },
];

// §4 floor/elevator rules.

/** The elevator checkbox is shown only when the floor is not ground (on a type with floors). */
export function showsElevator(propertyType: string, floor: string): boolean {
  return hasFloors(propertyType) && floor !== 'ground';
}

/** One side of a move as far as the floor/elevator rules go. */
export interface FloorAndElevator {
  propertyType: string;
  floor: string;
  elevator: boolean;
}

/** Choosing a property without floors resets the floor to ground and the elevator off. */
export function withPropertyType<P extends FloorAndElevator>(side: P, propertyType: string): P {
  return hasFloors(propertyType)
    ? { ...side, propertyType }
    : { ...side, propertyType, floor: 'ground', elevator: false };
}

/** Ground floor sets the elevator off. */
export function withFloor<P extends FloorAndElevator>(side: P, floor: string): P {
  return floor === 'ground' ? { ...side, floor, elevator: false } : { ...side, floor };
}

/** An elevator can only be ticked where the checkbox is shown. */
export function withElevator<P extends FloorAndElevator>(side: P, elevator: boolean): P {
  return { ...side, elevator: elevator && showsElevator(side.propertyType, side.floor) };
}

/** §5: dismount and packaging quantities go from 1 to 10. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 10;

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.round(value)));
}

// The summary slide's texts (§2 slide 6): each part of the calculator in words. Pure.
import { formatLongDateWithWeekday } from '../../lib/format';
import { CONTACT_PREFERENCES, labelOf, showsElevator } from '../../lib/moveOptions';
import { OFFER_PACKS, type Calculator, type CalculatorSide } from './calculator';
import { FLOORS, hasFloors, ACCESS_TYPES, PROPERTY_TYPES, TIME_SLOTS } from '../../lib/options';

/** 'Piso de 2 habitaciones · planta 3.º con ascensor · acceso normal'. */
export function describeProperty(side: CalculatorSide): string {
  const parts = [labelOf(PROPERTY_TYPES, side.propertyType)];
  if (hasFloors(side.propertyType)) {
    const floor = side.floor === 'ground' ? 'planta baja' : `planta ${labelOf(FLOORS, side.floor)}`;
    parts.push(
      showsElevator(side.propertyType, side.floor) ? `${floor} ${side.elevator ? 'con' : 'sin'} ascensor` : floor,
    );
  }
  parts.push(`acceso ${labelOf(ACCESS_TYPES, side.access).toLowerCase()}`);
  return parts.join(' · ');
}

/** The services chosen, in words; [] when none. */
export function describeServices(calc: Pick<Calculator, 'services'>): string[] {
  const s = calc.services;
  const list: string[] = [];
  if (s.dismount)
    list.push(`Desmontaje y montaje (${s.dismountQuantity} ${s.dismountQuantity === 1 ? 'mueble' : 'muebles'})`);
  if (s.packaging) list.push(`Embalaje (${s.packagingQuantity} ${s.packagingQuantity === 1 ? 'objeto' : 'objetos'})`);
  if (s.bestPackaging) list.push('Embalaje profesional');
  if (s.cleaning) list.push('Limpieza');
  if (s.fragile) list.push('Objetos frágiles');
  if (s.longStairs) list.push('Escaleras largas (4 o más plantas)');
  return list;
}

export function describeSchedule(calc: Pick<Calculator, 'schedule' | 'contactPreference'>): {
  preferred: string;
  alternative: string | null;
  flexible: boolean;
  time: string;
  contact: string;
} {
  const { schedule } = calc;
  return {
    preferred: formatLongDateWithWeekday(schedule.preferredDate),
    alternative: schedule.alternativeDate ? formatLongDateWithWeekday(schedule.alternativeDate) : null,
    flexible: schedule.flexibleDates,
    time: labelOf(TIME_SLOTS, schedule.timePreference),
    contact: labelOf(CONTACT_PREFERENCES, calc.contactPreference),
  };
}

export function packName(pack: Calculator['offerPack']): string | null {
  return OFFER_PACKS.find((p) => p.id === pack)?.name ?? null;
}

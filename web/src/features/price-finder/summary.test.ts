import { describe, expect, it } from 'vitest';
import { initialCalculator } from './calculator';
import { describeProperty, describeSchedule, describeServices, packName } from './summary';

describe('summary texts', () => {
  it('describe a property with its floor and elevator only where they apply', () => {
    const side = {
      address: 'x',
      propertyType: 'apartment_2_room',
      access: 'pedestrian_zone',
      floor: 'third',
      elevator: true,
    };
    expect(describeProperty(side)).toBe('Piso de 2 habitaciones · planta 3.º con ascensor · acceso zona peatonal');
    expect(describeProperty({ ...side, elevator: false })).toBe(
      'Piso de 2 habitaciones · planta 3.º sin ascensor · acceso zona peatonal',
    );
    expect(describeProperty({ ...side, floor: 'ground', elevator: false, access: 'normal' })).toBe(
      'Piso de 2 habitaciones · planta baja · acceso normal',
    );
    expect(describeProperty({ ...side, propertyType: 'house_5_rooms', access: 'normal' })).toBe(
      'Casa de 5 o más habitaciones · acceso normal',
    );
  });

  it('list the services chosen with their quantities', () => {
    const calc = initialCalculator();
    expect(describeServices(calc)).toEqual([]);
    const services = {
      ...calc.services,
      dismount: true,
      dismountQuantity: 3,
      packaging: true,
      packagingQuantity: 1,
      longStairs: true,
      bestPackaging: true,
    };
    expect(describeServices({ services })).toEqual([
      'Desmontaje y montaje (3 muebles)',
      'Embalaje (1 objeto)',
      'Embalaje profesional',
      'Escaleras largas (4 o más plantas)',
    ]);
  });

  it('write the dates in full and the preferences by name', () => {
    const calc = initialCalculator();
    const schedule = describeSchedule({
      contactPreference: 'whatsapp',
      schedule: { ...calc.schedule, preferredDate: '2026-06-01', alternativeDate: '', timePreference: 'evening' },
    });
    expect(schedule).toEqual({
      preferred: 'lunes, 1 de junio de 2026',
      alternative: null,
      flexible: false,
      time: 'Tarde-noche (17:00-20:00)',
      contact: 'WhatsApp',
    });
    expect(packName('premium')).toBe('Pack Premium');
    expect(packName(null)).toBeNull();
  });
});

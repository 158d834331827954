// It sits in app/ (which composes every feature) because it checks that several features offer the very same lists.
// Issue 17, item 6: one meaning per enumeration. Every screen and document takes its time slots,
// access types, property types and floors from lib/options, which is the server's definition
// (command/opciones.json; `the_web_reads_the_same_definition` holds the two files equal).
import { describe, expect, it } from 'vitest';
import * as invoice from '../lib/documentText';
import { calculatorAccessLabel } from '../features/manager/quotes';
import * as worker from '../features/worker/moves';
import opciones from '../lib/opciones.json';
import * as options from '../lib/options';
import { labelOf } from '../lib/moveOptions';

describe('the one definition of the move enumerations', () => {
  it('is the server file, with the afternoon 12-17 and no overlap with the evening', () => {
    expect(options.TIME_SLOTS.map((s) => s.label)).toEqual([
      'Mañana (8:00-12:00)',
      'Tarde (12:00-17:00)',
      'Tarde-noche (17:00-20:00)',
      'Horario flexible',
    ]);
    expect(options.ACCESS_TYPES).toEqual(opciones.accesos);
    expect(options.PROPERTY_TYPES.map((p) => p.value)).toEqual(opciones.viviendas.map((p) => p.value));
  });

  it('is the very list the price finder, the staff wizard and the booking form offer', () => {
    // Each list is imported from lib/options wherever it is used: no screen defines, copies or
    // re-exports one of its own (a re-export is where a renamed or drifted copy would hide).
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../lib/options.ts', '!../**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    const users: string[] = [];
    for (const name of ['TIME_SLOTS', 'ACCESS_TYPES', 'PROPERTY_TYPES', 'FLOORS']) {
      const fromOptions = new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '(\\.\\./|\\./)+(lib/)?options';`);
      for (const [path, text] of Object.entries(sources)) {
        if (!new RegExp(`\\b${name}\\b`).test(text)) continue;
        users.push(`${path} ${name}`);
        expect(fromOptions.test(text), `${path} uses ${name} not imported from lib/options`).toBe(true);
      }
    }
    for (const form of ['price-finder/summary.ts', 'manager/CreateMoveWizard.tsx', 'client/booking/MoveFormPage.tsx']) {
      expect(users.some((u) => u.includes(form))).toBe(true);
    }
  });

  it('gives every screen and document the same label for every value', () => {
    for (const { value, label } of options.TIME_SLOTS) {
      expect(worker.timeSlotLabel(value)).toBe(label);
      expect(invoice.timeSlotLabel(value)).toBe(label);
    }
    for (const { value, label } of options.ACCESS_TYPES) {
      expect(invoice.accessLabel(value)).toBe(label);
      expect(calculatorAccessLabel(value)).toBe(label);
    }
    for (const { value, label } of options.PROPERTY_TYPES) {
      expect(invoice.propertyTypeLabel(value)).toBe(label);
      expect(labelOf(options.PROPERTY_TYPES, value)).toBe(label);
    }
    for (const { value, label } of options.FLOORS) expect(invoice.floorLabel(value)).toBe(label);
  });

  it('reads the other spellings of the spec as the listed value, and names old values', () => {
    expect(options.propertyTypeLabel('apartment_2_room')).toBe('Piso de 2 habitaciones');
    expect(options.accessLabel('little')).toBe('Acceso reducido');
    expect(options.accessLabel('difficult')).toBe('Acceso difícil');
    expect(options.ACCESS_TYPES.some((a) => a.value === 'difficult')).toBe(false);
    expect(options.hasFloors('studio')).toBe(true);
    expect(options.hasFloors('house_5_room')).toBe(false);
  });
});

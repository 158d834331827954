import { describe, expect, it } from 'vitest';
import {
  BOOKING_MESSAGES,
  daysUntil,
  formFrom,
  hasErrors,
  parseMoveId,
  serviceLines,
  toDetailsRequest,
  validateBookingForm,
  type BookingForm,
} from './booking';
import { makeBookingMove } from './testBooking';

const TODAY = '2099-06-01';

function form(overrides: Partial<BookingForm> = {}): BookingForm {
  return { ...formFrom(makeBookingMove()), ...overrides };
}

describe('parseMoveId', () => {
  it('takes a positive whole number and nothing else', () => {
    expect(parseMoveId('12')).toBe(12);
    expect(parseMoveId(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-3', '1.5', 'abc', '12abc', '1e3', '9'.repeat(20)]) {
      expect(parseMoveId(bad)).toBeNull();
    }
  });
});

describe('validateBookingForm', () => {
  const move = makeBookingMove({ fecha_programada: '2099-06-15' });
  const errorsOf = (overrides: Partial<BookingForm>) => validateBookingForm(form(overrides), move, TODAY);

  it('accepts the move as it is', () => {
    expect(hasErrors(validateBookingForm(form(), move, TODAY))).toBe(false);
  });

  it('names each rule broken with the server message', () => {
    expect(errorsOf({ contactName: ' ' }).contactName).toBe(BOOKING_MESSAGES.contactNameRequired);
    expect(errorsOf({ contactName: 'Luis 2' }).contactName).toBe('Solo se permiten letras y espacios');
    expect(errorsOf({ contactPhone: '' }).contactPhone).toBe(BOOKING_MESSAGES.contactPhoneRequired);
    expect(errorsOf({ contactPhone: '512 345 678' }).contactPhone).toBe('Ingresa un número de teléfono válido');
    expect(errorsOf({ contactEmail: '', contactPreference: 'email' }).contactEmail).toBe(
      BOOKING_MESSAGES.contactEmailRequired,
    );
    expect(errorsOf({ contactEmail: 'luis@' }).contactEmail).toBe('Ingresa un email válido');
    expect(errorsOf({ alternativeDate: '2099-05-31' }).alternativeDate).toBe(BOOKING_MESSAGES.alternativeBeforeToday);
    expect(errorsOf({ alternativeDate: '2099-06-14' }).alternativeDate).toBe(BOOKING_MESSAGES.alternativeBeforeMove);
    expect(errorsOf({ instructions: 'x'.repeat(1001) }).instructions).toBe(BOOKING_MESSAGES.instructionsTooLong);
  });

  it('allows no email when the client prefers phone or WhatsApp, and 1000 characters of instructions', () => {
    expect(errorsOf({ contactEmail: '', contactPreference: 'whatsapp' }).contactEmail).toBeUndefined();
    expect(errorsOf({ instructions: 'x'.repeat(1000) }).instructions).toBeUndefined();
    expect(errorsOf({ alternativeDate: '2099-06-15' }).alternativeDate).toBeUndefined();
  });
});

describe('toDetailsRequest', () => {
  // Issue 17, item 5: floors, elevator and access are the price's, sent as the move has them.
  it('trims, sends no alternative date as null and confirms each side as the move has it', () => {
    const move = makeBookingMove();
    const body = toDetailsRequest(
      form({
        contactName: '  Luis Sánchez ',
        instructions: '  Zona de carga  ',
        alternativeDate: '',
      }),
      move,
    );
    expect(body.contacto_nombre).toBe('Luis Sánchez');
    expect(body.instrucciones).toBe('Zona de carga');
    expect(body.fecha_alternativa).toBeNull();
    const { origin, destination } = move.property_details;
    expect(body.property_details).toEqual({
      origin: { access: origin.access, floor: origin.floor, elevator: origin.elevator },
      destination: { access: destination.access, floor: destination.floor, elevator: destination.elevator },
    });
  });

  it('starts from the move, falling back to sensible choices for values the form does not offer', () => {
    const f = formFrom(
      makeBookingMove({
        hora_preferida: 'noche' as never,
        contacto: { nombre: '', telefono: '', email: '', preferencia: 'fax' },
      }),
    );
    expect(f.timePreference).toBe('flexible');
    expect(f.contactPreference).toBe('phone');
  });
});

describe('texts', () => {
  it('lists the services with their quantities', () => {
    expect(serviceLines(makeBookingMove().services)).toEqual([
      'Desmontaje y montaje de muebles (2)',
      'Limpieza tras la mudanza',
    ]);
  });

  it('counts calendar days to the move', () => {
    expect(daysUntil('2099-06-15', TODAY)).toBe(14);
    expect(daysUntil('2099-06-01', TODAY)).toBe(0);
    expect(daysUntil('2099-05-30', TODAY)).toBe(-2);
  });
});

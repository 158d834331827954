import { describe, expect, it } from 'vitest';
import { contactFailure, EMPTY_CONTACT, validateContact, validateContactField } from './contactForm';

describe('contact form rules', () => {
  it('requires name, email, phone, origin, destination, service type and the contact consent (§3)', () => {
    expect(Object.keys(validateContact(EMPTY_CONTACT, '2026-03-09')).sort()).toEqual(
      ['consentContact', 'destination', 'email', 'name', 'origin', 'phone', 'serviceType'].sort(),
    );
  });

  it('takes the date as optional, from today on', () => {
    const draft = (date: string) => ({ ...EMPTY_CONTACT, date });
    expect(validateContactField('date', draft(''), '2026-03-09')).toBeNull();
    expect(validateContactField('date', draft('2026-03-09'), '2026-03-09')).toBeNull();
    expect(validateContactField('date', draft('2026-03-08'), '2026-03-09')).toBe(
      'La fecha no puede ser anterior a hoy',
    );
    expect(validateContactField('date', draft('9/3/2026'), '2026-03-09')).toBe('Introduce una fecha válida');
  });

  it('prefers the server message and maps its field names to the form', () => {
    expect(contactFailure(null)).toEqual({
      ok: false,
      message: 'Error al enviar el formulario. Por favor, inténtalo de nuevo.',
      field: null,
    });
    expect(
      contactFailure({
        ok: false,
        status: 400,
        body: { success: false, error: 'Elige un servicio', field: 'service_type' },
      }),
    ).toEqual({ ok: false, message: 'Elige un servicio', field: 'serviceType' });
    expect(contactFailure({ ok: false, status: 429, body: { success: false, error: 'Demasiados envíos' } })).toEqual({
      ok: false,
      message: 'Demasiados envíos',
      field: null,
    });
  });
});

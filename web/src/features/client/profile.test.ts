import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import {
  actionError,
  profileError,
  profileFormFrom,
  splitFullName,
  toProfileRequest,
  validateDeletion,
  validatePasswordChange,
  validateProfile,
  type ProfileForm,
} from './profile';

const validForm: ProfileForm = {
  nombre: 'Marta',
  apellido: 'Sánchez',
  telefono: '612 345 678',
  direccion: 'Calle de Alcalá 120, 3ºB',
  ciudad: 'Madrid',
  codigo_postal: '28009',
  nif: '',
  email_alerts: false,
  sms_alerts: false,
  marketing: false,
};

describe('splitFullName (§3)', () => {
  it('splits on the first space: the rest is the surname', () => {
    expect(splitFullName('Marta Sánchez López')).toEqual({ nombre: 'Marta', apellido: 'Sánchez López' });
    expect(splitFullName('Pablo Gil')).toEqual({ nombre: 'Pablo', apellido: 'Gil' });
  });

  it('gives an empty surname for a single word and ignores surrounding spaces', () => {
    expect(splitFullName('Marta')).toEqual({ nombre: 'Marta', apellido: '' });
    expect(splitFullName('  Ana   María Ruiz ')).toEqual({ nombre: 'Ana', apellido: 'María Ruiz' });
    expect(splitFullName('')).toEqual({ nombre: '', apellido: '' });
  });
});

describe('profileFormFrom', () => {
  it('fills the form from the user, each preference in its own field', () => {
    const user = makeUser({
      role: 'cliente',
      nombre: 'Marta Sánchez López',
      telefono: '612 345 678',
      direccion: 'Calle de Alcalá 120',
      ciudad: 'Madrid',
      codigo_postal: '28009',
      preferencias: { emailNotifications: true, smsNotifications: false, marketing: true },
    });
    expect(profileFormFrom(user)).toEqual({
      nombre: 'Marta',
      apellido: 'Sánchez López',
      telefono: '612 345 678',
      direccion: 'Calle de Alcalá 120',
      ciudad: 'Madrid',
      codigo_postal: '28009',
      nif: '',
      email_alerts: true,
      sms_alerts: false,
      marketing: true,
    });
  });
});

describe('validateProfile', () => {
  it('accepts a complete, valid form and empty optional fields', () => {
    expect(validateProfile(validForm)).toEqual({});
    expect(
      validateProfile({ ...validForm, apellido: '', telefono: '', direccion: '', ciudad: '', codigo_postal: '' }),
    ).toEqual({});
  });

  it('requires the first name and only letters in the names', () => {
    expect(validateProfile({ ...validForm, nombre: '  ' })).toEqual({ nombre: 'El nombre completo es requerido' });
    expect(validateProfile({ ...validForm, nombre: 'M4rta' })).toEqual({
      nombre: 'Solo se permiten letras y espacios',
    });
    expect(validateProfile({ ...validForm, apellido: 'Sánchez_2' })).toEqual({
      apellido: 'Solo se permiten letras y espacios',
    });
  });

  it('checks the phone and the postal code only when filled in', () => {
    expect(validateProfile({ ...validForm, telefono: '512 345 678' })).toEqual({
      telefono: 'Ingresa un número de teléfono válido',
    });
    expect(validateProfile({ ...validForm, telefono: '+34 712 345 678' })).toEqual({});
    expect(validateProfile({ ...validForm, codigo_postal: '2800' })).toEqual({
      codigo_postal: 'Ingresa un código postal válido',
    });
    expect(validateProfile({ ...validForm, codigo_postal: '28O09' })).toEqual({
      codigo_postal: 'Ingresa un código postal válido',
    });
  });

  it('accepts cities with hyphens and apostrophes, not digits', () => {
    expect(validateProfile({ ...validForm, ciudad: 'Alcalá de Henares' })).toEqual({});
    expect(validateProfile({ ...validForm, ciudad: "L'Hospitalet-Sur" })).toEqual({});
    expect(validateProfile({ ...validForm, ciudad: 'Madrid 2' })).toEqual({ ciudad: 'Ingresa una ciudad válida' });
  });

  it('refuses texts longer than the server keeps', () => {
    expect(validateProfile({ ...validForm, apellido: 'a'.repeat(100) })).toEqual({
      apellido: 'El texto es demasiado largo',
    });
    expect(validateProfile({ ...validForm, direccion: 'Calle '.repeat(40) })).toEqual({
      direccion: 'El texto es demasiado largo',
    });
  });

  it('asks for an address of at least 10 characters when one is given', () => {
    expect(validateProfile({ ...validForm, direccion: 'Calle 1' })).toEqual({
      direccion: 'La dirección debe tener al menos 10 caracteres',
    });
  });
});

describe('toProfileRequest', () => {
  it('sends trimmed texts, the phone in groups of three and the three preferences', () => {
    expect(
      toProfileRequest({
        ...validForm,
        nombre: ' Marta ',
        telefono: '612345678',
        ciudad: ' Getafe ',
        email_alerts: true,
        sms_alerts: false,
        marketing: true,
      }),
    ).toEqual({
      nombre: 'Marta',
      apellido: 'Sánchez',
      telefono: '612 345 678',
      direccion: 'Calle de Alcalá 120, 3ºB',
      ciudad: 'Getafe',
      codigo_postal: '28009',
      nif: '',
      email_alerts: true,
      sms_alerts: false,
      marketing: true,
    });
  });

  it.each([
    ['email_alerts', { email_alerts: true, sms_alerts: false, marketing: false }],
    ['sms_alerts', { email_alerts: false, sms_alerts: true, marketing: false }],
    ['marketing', { email_alerts: false, sms_alerts: false, marketing: true }],
  ] as const)('sends %s from its own field only', (field, expected) => {
    const body = toProfileRequest({ ...validForm, [field]: true });
    expect({ email_alerts: body.email_alerts, sms_alerts: body.sms_alerts, marketing: body.marketing }).toEqual(
      expected,
    );
  });

  it('keeps an empty phone empty', () => {
    expect(toProfileRequest({ ...validForm, telefono: '  ' }).telefono).toBe('');
  });
});

describe('password change (§5)', () => {
  const ok = { current_password: 'Vieja#2026', new_password: 'nueva1', confirm_password: 'nueva1' };

  it('requires all three fields', () => {
    expect(validatePasswordChange({ ...ok, current_password: '' })).toBe('Todos los campos son obligatorios');
    expect(validatePasswordChange({ ...ok, new_password: '' })).toBe('Todos los campos son obligatorios');
    expect(validatePasswordChange({ ...ok, confirm_password: '' })).toBe('Todos los campos son obligatorios');
  });

  it('requires the new passwords to match, then at least 6 characters', () => {
    expect(validatePasswordChange({ ...ok, confirm_password: 'nueva2' })).toBe('Las contraseñas nuevas no coinciden');
    expect(validatePasswordChange({ ...ok, new_password: 'corta', confirm_password: 'corta' })).toBe(
      'La nueva contraseña debe tener al menos 6 caracteres',
    );
    expect(validatePasswordChange(ok)).toBeNull();
  });
});

describe('account deletion (§5)', () => {
  it('requires the password', () => {
    expect(validateDeletion('')).toBe('Debes ingresar tu contraseña para confirmar');
    expect(validateDeletion('   ')).toBe('Debes ingresar tu contraseña para confirmar');
    expect(validateDeletion('Cliente#2026')).toBeNull();
  });
});

describe('§8 messages', () => {
  it('shows the server error or "Error desconocido"', () => {
    expect(profileError('El código postal no es válido')).toBe(
      'Error al actualizar el perfil: El código postal no es válido',
    );
    expect(profileError(undefined)).toBe('Error al actualizar el perfil: Error desconocido');
    expect(actionError('La contraseña actual no es correcta')).toBe('Error: La contraseña actual no es correcta');
    expect(actionError('')).toBe('Error: Error desconocido');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatPhone,
  isValidCode,
  MESSAGES,
  passwordStrength,
  strengthLabel,
  validateAddress,
  validateEmail,
  validateFullName,
  validatePassword,
  validatePasswordMatch,
  validatePhone,
} from './validation';

describe('§5 account rules', () => {
  it('checks the full name', () => {
    expect(validateFullName('  ')).toBe(MESSAGES.nameRequired);
    expect(validateFullName(' a ')).toBe(MESSAGES.nameTooShort);
    expect(validateFullName('Ana 2')).toBe(MESSAGES.nameLetters);
    expect(validateFullName('José Ñúñez Gómez')).toBeNull();
  });

  it('checks the email pattern', () => {
    expect(validateEmail('ana@correo')).toBe(MESSAGES.email);
    expect(validateEmail('ana @correo.es')).toBe(MESSAGES.email);
    expect(validateEmail(' ana@correo.es ')).toBeNull();
  });

  it('accepts 9 digits starting 6-9 with an optional +34, ignoring spaces', () => {
    expect(validatePhone('612 345 678')).toBeNull();
    expect(validatePhone('+34 912345678')).toBeNull();
    expect(validatePhone('512 345 678')).toBe(MESSAGES.phone);
    expect(validatePhone('61234567')).toBe(MESSAGES.phone);
    expect(validatePhone('+33 612345678')).toBe(MESSAGES.phone);
  });

  it('formats the phone in groups of three', () => {
    expect(formatPhone('612345678')).toBe('612 345 678');
    expect(formatPhone('+34612345')).toBe('+34 612 345');
    expect(formatPhone('6123456789999')).toBe('612 345 678');
  });

  it('needs an address of at least 10 characters', () => {
    expect(validateAddress(' ')).toBe(MESSAGES.addressRequired);
    expect(validateAddress('Calle 1  ')).toBe(MESSAGES.addressTooShort);
    expect(validateAddress('Calle Mayor 1')).toBeNull();
  });

  it('scores passwords 0 to 5 and accepts only 5', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('abc')).toBe(1);
    expect(passwordStrength('abcdefgh')).toBe(2);
    expect(passwordStrength('Abcdefgh')).toBe(3);
    expect(passwordStrength('Abcdefg1')).toBe(4);
    expect(passwordStrength('Abcdef1!')).toBe(5);
    expect(validatePassword('Abcdef1!')).toBeNull();
    expect(validatePassword('Abcdefg1')).toBe(MESSAGES.password);
    expect(strengthLabel(0)).toBe('Ninguna');
    expect(strengthLabel(5)).toBe('Fuerte');
  });

  it('needs the confirmation to match', () => {
    expect(validatePasswordMatch('a', 'b')).toBe(MESSAGES.passwordMismatch);
    expect(validatePasswordMatch('a', 'a')).toBeNull();
  });

  it('takes six digits as a code', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode('12345a')).toBe(false);
    expect(isValidCode('1234567')).toBe(false);
  });
});

describe('isValidNif (the server’s check, command/src/billing.rs)', () => {
  it('accepts DNI, NIE and entity numbers with the right control, in any typing', async () => {
    const { isValidNif, normalizeNif, validateNif, NIF_INVALID } = await import('./validation');
    for (const nif of ['12345678Z', ' 12.345.678-z', 'x-1234567-l', 'Y1234567X', 'B12345674', 'Q1234567D', '']) {
      expect(isValidNif(nif), nif).toBe(true);
    }
    for (const nif of ['12345678A', '1234567Z', 'B12345675', 'B1234567D', 'Q12345674', 'ñ2345678Z', '1'.repeat(50)]) {
      expect(validateNif(nif), nif).toBe(NIF_INVALID);
    }
    expect(normalizeNif(' x-1234567-l ')).toBe('X1234567L');
  });
});

import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/validation';
import {
  canAdvance,
  canRegister,
  EMPTY_FORM,
  fieldError,
  firstInvalidStep,
  formErrors,
  stepErrors,
  TERMS_REQUIRED,
  placeOf,
  toRegisterRequest,
  withAddress,
  type RegisterForm,
} from './wizard';

const VALID: RegisterForm = {
  fullName: 'María García',
  email: 'maria@ejemplo.es',
  phone: '612 345 678',
  address: 'Calle de Alcalá 100, Madrid',
  city: '',
  postalCode: '',
  password: 'Mudanza#2026',
  confirmPassword: 'Mudanza#2026',
  acceptTerms: true,
};

describe('register wizard steps', () => {
  it('leaves step 1 only with a valid full name', () => {
    expect(canAdvance(1, EMPTY_FORM)).toBe(false);
    expect(canAdvance(1, { ...EMPTY_FORM, fullName: 'A' })).toBe(false);
    expect(canAdvance(1, { ...EMPTY_FORM, fullName: 'Ana 2' })).toBe(false);
    expect(canAdvance(1, { ...EMPTY_FORM, fullName: '  Íñigo Núñez  ' })).toBe(true);
    // Later steps' fields do not hold step 1 back.
    expect(stepErrors(1, { ...EMPTY_FORM, fullName: 'Ana' })).toEqual({});
  });

  it('leaves step 2 only with a valid email, phone and address', () => {
    const step2 = { ...EMPTY_FORM, fullName: 'Ana' };
    expect(stepErrors(2, step2)).toEqual({
      email: MESSAGES.email,
      phone: MESSAGES.phone,
      address: MESSAGES.addressRequired,
    });
    expect(canAdvance(2, { ...VALID, email: 'maria@ejemplo' })).toBe(false);
    expect(canAdvance(2, { ...VALID, phone: '512 345 678' })).toBe(false);
    expect(canAdvance(2, { ...VALID, address: 'Calle 1' })).toBe(false);
    expect(canAdvance(2, { ...VALID, phone: '+34 712 345 678' })).toBe(true);
    expect(canAdvance(2, VALID)).toBe(true);
  });

  it('never advances past the last step', () => {
    expect(canAdvance(3, VALID)).toBe(false);
  });

  it('enables registering only with a strength-5 password that matches', () => {
    expect(canRegister(VALID)).toBe(true);
    expect(canRegister({ ...VALID, password: 'mudanza#2026', confirmPassword: 'mudanza#2026' })).toBe(false);
    expect(canRegister({ ...VALID, password: 'Mud#2026', confirmPassword: 'Mud#2026' })).toBe(true);
    expect(canRegister({ ...VALID, password: 'Mu#2026', confirmPassword: 'Mu#2026' })).toBe(false);
    expect(canRegister({ ...VALID, confirmPassword: 'Mudanza#2027' })).toBe(false);
  });

  it('gives the §5 message of each security field', () => {
    expect(fieldError('password', { ...VALID, password: 'corta' })).toBe(MESSAGES.password);
    expect(fieldError('confirmPassword', { ...VALID, confirmPassword: '' })).toBe(MESSAGES.passwordMismatch);
    expect(fieldError('confirmPassword', { ...VALID, confirmPassword: 'otra' })).toBe(MESSAGES.passwordMismatch);
    expect(fieldError('confirmPassword', VALID)).toBeNull();
    expect(fieldError('acceptTerms', { ...VALID, acceptTerms: false })).toBe(TERMS_REQUIRED);
  });

  it('requires the terms even when the password is fine', () => {
    const unticked = { ...VALID, acceptTerms: false };
    expect(canRegister(unticked)).toBe(true);
    expect(formErrors(unticked)).toEqual({ acceptTerms: TERMS_REQUIRED });
    expect(firstInvalidStep(unticked)).toBe(3);
  });

  it('points to the earliest step that holds an invalid field', () => {
    expect(firstInvalidStep(VALID)).toBeNull();
    expect(firstInvalidStep({ ...VALID, fullName: '' })).toBe(1);
    expect(firstInvalidStep({ ...VALID, address: '', password: '' })).toBe(2);
  });

  it('sends trimmed values and a single-spaced name', () => {
    expect(
      toRegisterRequest({
        ...VALID,
        fullName: '  María   García ',
        email: ' maria@ejemplo.es ',
        address: ' Calle de Alcalá 100 ',
      }),
    ).toEqual({
      fullName: 'María García',
      email: 'maria@ejemplo.es',
      password: 'Mudanza#2026',
      phone: '612 345 678',
      address: 'Calle de Alcalá 100',
      city: '',
      postalCode: '',
      acceptTerms: true,
      referralCode: '',
    });
    expect(toRegisterRequest(VALID, '7KQ2M9XA').referralCode).toBe('7KQ2M9XA');
  });

  it('takes the postal code and city from the address when it names them', () => {
    expect(placeOf('Calle Mayor 1, 28013 Madrid')).toEqual({ postalCode: '28013', city: 'Madrid' });
    expect(placeOf('Av. de la Constitución 5, 28901 San Martín de la Vega')).toEqual({
      postalCode: '28901',
      city: 'San Martín de la Vega',
    });
    expect(placeOf('Calle de Alcalá 100')).toEqual({ postalCode: '', city: '' });
    // A street number of five digits with nothing after it is not a postal code.
    expect(placeOf('Polígono 12345')).toEqual({ postalCode: '', city: '' });
  });

  it('fills city and postal code from the address until the user types their own', () => {
    const none = { city: false, postalCode: false };
    const filled = withAddress(VALID, 'Calle Mayor 1, 28013  Madrid ', none);
    expect(filled).toMatchObject({ address: 'Calle Mayor 1, 28013  Madrid ', city: 'Madrid', postalCode: '28013' });
    // They follow the address while it changes…
    expect(withAddress(filled, 'Calle Mayor 1, 28014 Madrid', none)).toMatchObject({ postalCode: '28014' });
    expect(withAddress(filled, 'Calle Mayor 1', none)).toMatchObject({ city: '', postalCode: '' });
    // …but not over what the user typed, unless they emptied it again.
    const corrected = { ...filled, city: 'Madrid capital' };
    expect(withAddress(corrected, 'Calle Mayor 1, 28014 Getafe', { city: true, postalCode: false })).toMatchObject({
      city: 'Madrid capital',
      postalCode: '28014',
    });
    expect(
      withAddress({ ...filled, postalCode: '' }, 'Calle Mayor 1, 28014 Madrid', { city: false, postalCode: true }),
    ).toMatchObject({ postalCode: '28014' });
  });

  it('sends the city and postal code as the fields hold them, trimmed', () => {
    expect(toRegisterRequest({ ...VALID, city: '  San Martín   de la Vega ', postalCode: ' 28330 ' })).toMatchObject({
      address: 'Calle de Alcalá 100, Madrid',
      city: 'San Martín de la Vega',
      postalCode: '28330',
    });
    // An address naming them no longer overrides the fields (the user may have corrected them).
    expect(
      toRegisterRequest({ ...VALID, address: 'Calle Mayor 1, 28013 Madrid', city: 'Madrid', postalCode: '28014' }),
    ).toMatchObject({ city: 'Madrid', postalCode: '28014' });
  });

  it('takes city and postal code as optional, and checks them as the server does', () => {
    expect(stepErrors(2, VALID)).toEqual({});
    expect(stepErrors(2, { ...VALID, city: 'Madrid', postalCode: '28013' })).toEqual({});
    expect(fieldError('postalCode', { ...VALID, postalCode: '2801' })).toBe('Ingresa un código postal válido');
    expect(fieldError('postalCode', { ...VALID, postalCode: '28O13' })).toBe('Ingresa un código postal válido');
    expect(fieldError('postalCode', { ...VALID, postalCode: '280133' })).toBe('Ingresa un código postal válido');
    expect(fieldError('city', { ...VALID, city: 'Madrid 3' })).toBe('Ingresa una ciudad válida');
    expect(fieldError('city', { ...VALID, city: "L'Hospitalet de Llobregat" })).toBeNull();
    expect(fieldError('city', { ...VALID, city: 'a'.repeat(100) })).toBeNull();
    expect(fieldError('city', { ...VALID, city: 'a'.repeat(101) })).toBe(
      'La ciudad no puede tener más de 100 caracteres',
    );
    expect(canAdvance(2, { ...VALID, postalCode: '123' })).toBe(false);
    expect(firstInvalidStep({ ...VALID, city: 'Madrid 3' })).toBe(2);
  });
});

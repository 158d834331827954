// The register wizard's rules (§4 'Register wizard', §5), kept pure so they can be tested
// without rendering: which fields each step owns, when a step may be left, when the account may
// be created.
import {
  MESSAGES,
  passwordStrength,
  validateAddress,
  validateEmail,
  validateFullName,
  validatePassword,
  validatePasswordMatch,
  validateCity,
  validatePhone,
  validatePostalCode,
} from '../../lib/validation';
import type { RegisterRequest } from '../../lib/api';

export interface RegisterForm {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  /** Filled from the address while the user has not typed one of their own (see withAddress). */
  city: string;
  postalCode: string;
  password: string;
  confirmPassword: string;
  /** Terms of use and privacy policy accepted; required, never pre-ticked. */
  acceptTerms: boolean;
}

export type RegisterField = keyof RegisterForm;
export type Step = 1 | 2 | 3;

export const EMPTY_FORM: RegisterForm = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

export const TERMS_REQUIRED = 'Debes aceptar las condiciones de uso y la política de privacidad';

export const STEPS: readonly { step: Step; title: string; fields: readonly RegisterField[] }[] = [
  { step: 1, title: 'Datos personales', fields: ['fullName'] },
  { step: 2, title: 'Contacto', fields: ['email', 'phone', 'address', 'city', 'postalCode'] },
  { step: 3, title: 'Seguridad', fields: ['password', 'confirmPassword', 'acceptTerms'] },
];

export function fieldsOf(step: Step): readonly RegisterField[] {
  return STEPS[step - 1]!.fields;
}

/** Null when the field is valid, otherwise the §5 message to show under it. */
export function fieldError(field: RegisterField, form: RegisterForm): string | null {
  switch (field) {
    case 'fullName':
      return validateFullName(form.fullName);
    case 'email':
      return validateEmail(form.email);
    case 'phone':
      return validatePhone(form.phone);
    case 'address':
      return validateAddress(form.address);
    case 'city':
      return validateCity(form.city);
    case 'postalCode':
      return validatePostalCode(form.postalCode);
    case 'password':
      return validatePassword(form.password);
    case 'confirmPassword':
      return form.confirmPassword === ''
        ? MESSAGES.passwordMismatch
        : validatePasswordMatch(form.password, form.confirmPassword);
    case 'acceptTerms':
      return form.acceptTerms ? null : TERMS_REQUIRED;
  }
}

export type FieldErrors = Partial<Record<RegisterField, string>>;

export function stepErrors(step: Step, form: RegisterForm): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fieldsOf(step)) {
    const error = fieldError(field, form);
    if (error) errors[field] = error;
  }
  return errors;
}

/** §4: 1→2 needs a valid name; 2→3 valid email, phone and address (and city and postal code, when given). */
export function canAdvance(step: Step, form: RegisterForm): boolean {
  if (step === 3) return false;
  return Object.keys(stepErrors(step, form)).length === 0;
}

/** §4: the register button is enabled when the password is valid (strength 5) and matches. */
export function canRegister(form: RegisterForm): boolean {
  return passwordStrength(form.password) === 5 && form.password === form.confirmPassword;
}

/** Every field's error; empty when the whole form may be sent. */
export function formErrors(form: RegisterForm): FieldErrors {
  return { ...stepErrors(1, form), ...stepErrors(2, form), ...stepErrors(3, form) };
}

/** The first step holding an invalid field, to take the user back to it; null when all are valid. */
export function firstInvalidStep(form: RegisterForm): Step | null {
  for (const { step } of STEPS) {
    if (Object.keys(stepErrors(step, form)).length > 0) return step;
  }
  return null;
}

/**
 * The postal code and city an address names, as Spanish addresses write them ("…, 28013 Madrid"):
 * empty where the address does not say (the user may type them, or the profile complete them later).
 */
export function placeOf(address: string): { city: string; postalCode: string } {
  const [, postalCode, city] = /\b(\d{5})\s+(\p{L}[\p{L} .'-]*)/u.exec(address) ?? [];
  if (!postalCode || !city) return { city: '', postalCode: '' };
  return { postalCode, city: city.trim().replace(/\s+/g, ' ') };
}

/** Which of the city and postal code the user typed themselves. */
export type PlaceEdited = { city: boolean; postalCode: boolean };

/**
 * The form with a new address: the city and postal code follow what the address names, except
 * one the user typed (and did not empty again), which is theirs to keep.
 */
export function withAddress(form: RegisterForm, address: string, edited: PlaceEdited): RegisterForm {
  const place = placeOf(address);
  const keepCity = edited.city && form.city.trim() !== '';
  const keepPostalCode = edited.postalCode && form.postalCode.trim() !== '';
  return {
    ...form,
    address,
    city: keepCity ? form.city : place.city,
    postalCode: keepPostalCode ? form.postalCode : place.postalCode,
  };
}

/** The body of POST /api/register: trimmed, the name's and city's inner spaces collapsed;
 * `referralCode` is the code of the friend's link the visitor came through, '' without one. */
export function toRegisterRequest(form: RegisterForm, referralCode = ''): RegisterRequest {
  return {
    fullName: form.fullName.trim().replace(/\s+/g, ' '),
    email: form.email.trim(),
    password: form.password,
    phone: form.phone.trim(),
    address: form.address.trim(),
    city: form.city.trim().replace(/\s+/g, ' '),
    postalCode: form.postalCode.trim(),
    acceptTerms: form.acceptTerms,
    referralCode,
  };
}

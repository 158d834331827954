// The account rules of spec §5, shared by registration, email confirmation, password reset and the
// profile. The server applies the same rules with the same messages (command/src/accounts.rs); these
// copies only spare the user a round trip.

export const MESSAGES = {
  nameRequired: 'El nombre completo es requerido',
  nameTooShort: 'El nombre debe tener al menos 2 caracteres',
  nameLetters: 'Solo se permiten letras y espacios',
  email: 'Ingresa un email válido',
  phone: 'Ingresa un número de teléfono válido',
  addressRequired: 'La dirección es requerida',
  addressTooShort: 'La dirección debe tener al menos 10 caracteres',
  password: 'La contraseña debe tener al menos 8 caracteres, con mayúsculas, minúsculas, números y símbolos',
  passwordMismatch: 'Las contraseñas no coinciden',
  formInvalid: 'Por favor completa todos los campos correctamente',
  code: 'Introduce los 6 dígitos del código',
  recoveryEmail: 'Por favor, introduce un email válido.',
  city: 'Ingresa una ciudad válida',
  cityTooLong: 'La ciudad no puede tener más de 100 caracteres',
  postalCode: 'Ingresa un código postal válido',
} as const;

/** §5 phone hint: the two accepted shapes. */
export const PHONE_HINT = '612 345 678 o +34 612 345 678';

const NAME_CHARS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^(\+34)?[6-9]\d{8}$/;

/** Null when valid, otherwise the message to show under the field. */
export function validateFullName(value: string): string | null {
  const name = value.trim();
  if (name === '') return MESSAGES.nameRequired;
  if (name.length < 2) return MESSAGES.nameTooShort;
  if (!NAME_CHARS.test(name)) return MESSAGES.nameLetters;
  return null;
}

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function validateEmail(value: string): string | null {
  return isValidEmail(value) ? null : MESSAGES.email;
}

export function isValidPhone(value: string): boolean {
  return PHONE.test(value.replace(/\s+/g, ''));
}

export function validatePhone(value: string): string | null {
  return isValidPhone(value) ? null : MESSAGES.phone;
}

/** Groups the digits in threes as the user types ('612345678' → '612 345 678'; keeps a +34 prefix). */
export function formatPhone(value: string): string {
  const compact = value.replace(/[^\d+]/g, '');
  const prefix = compact.startsWith('+34') ? '+34' : '';
  const digits = compact.slice(prefix.length).replace(/\D/g, '').slice(0, 9);
  const groups = digits.match(/.{1,3}/g) ?? [];
  return [prefix, ...groups].filter(Boolean).join(' ');
}

export function validateAddress(value: string): string | null {
  const address = value.trim();
  if (address === '') return MESSAGES.addressRequired;
  if (address.length < 10) return MESSAGES.addressTooShort;
  return null;
}

const CITY_CHARS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ '.-]*$/;
/** The server's limit for a city, a name's (command/src/accounts.rs). */
export const CITY_MAX = 100;
const POSTAL_CODE = /^\d{5}$/;

/** A city may be left empty; else letters, spaces and -'. only, as the server takes it. */
export function validateCity(value: string): string | null {
  const city = value.trim();
  if (!CITY_CHARS.test(city)) return MESSAGES.city;
  if (city.length > CITY_MAX) return MESSAGES.cityTooLong;
  return null;
}

/** A Spanish postal code (five digits), or nothing. */
export function validatePostalCode(value: string): string | null {
  const code = value.trim();
  return code === '' || POSTAL_CODE.test(code) ? null : MESSAGES.postalCode;
}

/** §5: one point each for 8+ characters, a lowercase letter, an uppercase letter, a digit, a symbol. */
export function passwordStrength(password: string): number {
  return [
    password.length >= 8,
    /[a-zñ]/.test(password),
    /[A-ZÑ]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9ÑñÁÉÍÓÚÜáéíóúü\s]/.test(password),
  ].filter(Boolean).length;
}

/** The strength meter's words for 0-5 points (§5: none, weak, medium, good, strong). */
export function strengthLabel(score: number): string {
  if (score <= 0) return 'Ninguna';
  if (score <= 2) return 'Débil';
  if (score === 3) return 'Media';
  if (score === 4) return 'Buena';
  return 'Fuerte';
}

export function validatePassword(password: string): string | null {
  return passwordStrength(password) === 5 ? null : MESSAGES.password;
}

export function validatePasswordMatch(password: string, confirmation: string): string | null {
  return password === confirmation ? null : MESSAGES.passwordMismatch;
}

/** §5: digits only, exactly six. */
export function isValidCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/** The server's message for a NIF whose control character is wrong (command/src/billing.rs). */
export const NIF_INVALID = 'El NIF/DNI no es válido';
export const NIF_HINT = 'DNI, NIE o NIF de empresa, p. ej. 12345678Z. Sin él, la factura es simplificada.';

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A NIF, DNI or NIE as the server stores it: upper case, without spaces, dots or hyphens. */
export function normalizeNif(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** The same check as the server's: the control letter of a DNI or NIE, the control of an entity's NIF. */
export function isValidNif(value: string): boolean {
  const nif = normalizeNif(value);
  if (nif === '') return true;
  if (value.length > 20 || !/^[0-9A-Z]{9}$/.test(nif)) return false;
  const first = nif.charAt(0);
  const last = nif.charAt(8);
  const letterOf = (n: number) => DNI_LETTERS.charAt(n % 23);
  if (/^\d{8}[A-Z]$/.test(nif)) return last === letterOf(Number(nif.slice(0, 8)));
  if (/^[XYZ]\d{7}[A-Z]$/.test(nif)) {
    return last === letterOf(Number(`${'XYZ'.indexOf(first)}${nif.slice(1, 8)}`));
  }
  if (/^[KLM]\d{7}[A-Z]$/.test(nif)) return last === letterOf(Number(nif.slice(1, 8)));
  if (/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(nif)) {
    const digits = nif.slice(1, 8).split('').map(Number);
    const sum = digits.reduce((s, d, i) => (i % 2 === 0 ? s + Math.floor((2 * d) / 10) + ((2 * d) % 10) : s + d), 0);
    const check = (10 - (sum % 10)) % 10;
    const asDigit = last === String(check);
    const asLetter = last === 'JABCDEFGHI'.charAt(check);
    if ('PQRSNW'.includes(first)) return asLetter;
    if ('ABEH'.includes(first)) return asDigit;
    return asDigit || asLetter;
  }
  return false;
}

export function validateNif(value: string): string | null {
  return isValidNif(value) ? null : NIF_INVALID;
}

// The profile tab's rules (§3 'Profile', 'Password change'; §5; §8): the form built from the
// user, its checks, the request it sends, and the messages. Pure functions.
import type { PasswordChangeRequest, ProfileRequest, User } from '../../lib/api';
import { formatPhone, MESSAGES, normalizeNif, validateAddress, validateNif, validatePhone } from '../../lib/validation';

/** §8 profile, password change and account deletion messages. */
export const PROFILE_MESSAGES = {
  saved: 'Perfil actualizado correctamente',
  unknown: 'Error desconocido',
  network: 'Error de conexión. Por favor, inténtalo de nuevo.',
  // The server's wording for the same checks (command/src/accounts.rs).
  nameRequired: MESSAGES.nameRequired,
  postalCode: 'Ingresa un código postal válido',
  city: 'Ingresa una ciudad válida',
  tooLong: 'El texto es demasiado largo',
  passwordRequired: 'Todos los campos son obligatorios',
  passwordMismatch: 'Las contraseñas nuevas no coinciden',
  passwordTooShort: 'La nueva contraseña debe tener al menos 6 caracteres',
  passwordChanged: 'Contraseña actualizada correctamente',
  deletePasswordRequired: 'Debes ingresar tu contraseña para confirmar',
  accountDeleted: 'Cuenta eliminada correctamente',
  resendFailed: 'Error al reenviar el código',
} as const;

export function profileError(serverError: string | null | undefined): string {
  const text = serverError?.trim();
  return `Error al actualizar el perfil: ${text ? text : PROFILE_MESSAGES.unknown}`;
}

/** Why no code could be sent: the server's words (a 429 says how long to wait), else §8's. */
export function resendError(serverError: string | null | undefined): string {
  const text = serverError?.trim();
  return text ? text : PROFILE_MESSAGES.resendFailed;
}

/** 'Error: {server error}' of the password change and the account deletion. */
export function actionError(serverError: string | null | undefined): string {
  const text = serverError?.trim();
  return `Error: ${text ? text : PROFILE_MESSAGES.unknown}`;
}

/** §9 minimum of the new password in the change flow. */
export const NEW_PASSWORD_MIN = 6;

/** §3: the full name is split on its first space into nombre and apellido. */
export function splitFullName(fullName: string): { nombre: string; apellido: string } {
  const name = fullName.trim();
  const space = name.indexOf(' ');
  if (space === -1) return { nombre: name, apellido: '' };
  return { nombre: name.slice(0, space), apellido: name.slice(space + 1).trim() };
}

/** What the edit form holds: exactly what it sends, each preference bound to its own toggle. */
export type ProfileForm = ProfileRequest;

export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export function profileFormFrom(user: User): ProfileForm {
  const { nombre: firstName, apellido: lastName } = splitFullName(user.nombre);
  const prefs = user.preferencias;
  return {
    nombre: firstName,
    apellido: lastName,
    telefono: user.telefono ?? '',
    direccion: user.direccion ?? '',
    ciudad: user.ciudad ?? '',
    codigo_postal: user.codigo_postal ?? '',
    nif: user.nif ?? '',
    email_alerts: prefs?.emailNotifications === true,
    sms_alerts: prefs?.smsNotifications === true,
    marketing: prefs?.marketing === true,
  };
}

const NAME_CHARS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+$/;
const CITY_CHARS = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ '.-]*$/;
const POSTAL_CODE = /^\d{5}$/;
/** Server limits (characters): the full name and the city 100, the address 200. */
const NAME_MAX = 100;
const ADDRESS_MAX = 200;

/** Empty when the form may be sent. Optional fields are only checked when filled in. */
export function validateProfile(form: ProfileForm): ProfileErrors {
  const errors: ProfileErrors = {};
  const firstName = form.nombre.trim();
  const lastName = form.apellido.trim();
  if (firstName === '') errors.nombre = PROFILE_MESSAGES.nameRequired;
  else if (!NAME_CHARS.test(firstName)) errors.nombre = MESSAGES.nameLetters;
  else if (`${firstName} ${lastName}`.trim().length < 2) errors.nombre = MESSAGES.nameTooShort;
  if (lastName !== '' && !NAME_CHARS.test(lastName)) errors.apellido = MESSAGES.nameLetters;
  if (!errors.nombre && !errors.apellido && `${firstName} ${lastName}`.length > NAME_MAX) {
    errors.apellido = PROFILE_MESSAGES.tooLong;
  }
  if (form.telefono.trim() !== '') {
    const phone = validatePhone(form.telefono);
    if (phone) errors.telefono = phone;
  }
  if (form.direccion.trim() !== '') {
    const address = validateAddress(form.direccion);
    if (address) errors.direccion = address;
    else if (form.direccion.trim().length > ADDRESS_MAX) errors.direccion = PROFILE_MESSAGES.tooLong;
  }
  const city = form.ciudad.trim();
  if (!CITY_CHARS.test(city) || city.length > NAME_MAX) errors.ciudad = PROFILE_MESSAGES.city;
  if (form.codigo_postal.trim() !== '' && !POSTAL_CODE.test(form.codigo_postal.trim())) {
    errors.codigo_postal = PROFILE_MESSAGES.postalCode;
  }
  const nif = validateNif(form.nif);
  if (nif) errors.nif = nif;
  return errors;
}

/** PUT /api/mi-perfil's body: trimmed texts, the phone in groups of three, every preference sent. */
export function toProfileRequest(form: ProfileForm): ProfileRequest {
  const phone = form.telefono.trim();
  return {
    nombre: form.nombre.trim(),
    apellido: form.apellido.trim(),
    telefono: phone === '' ? '' : formatPhone(phone),
    direccion: form.direccion.trim(),
    ciudad: form.ciudad.trim(),
    codigo_postal: form.codigo_postal.trim(),
    nif: normalizeNif(form.nif),
    email_alerts: form.email_alerts,
    sms_alerts: form.sms_alerts,
    marketing: form.marketing,
  };
}

/** §5 password change, in the spec's order; null when it may be sent. */
export function validatePasswordChange(fields: PasswordChangeRequest): string | null {
  if (fields.current_password === '' || fields.new_password === '' || fields.confirm_password === '') {
    return PROFILE_MESSAGES.passwordRequired;
  }
  if (fields.new_password !== fields.confirm_password) return PROFILE_MESSAGES.passwordMismatch;
  if (fields.new_password.length < NEW_PASSWORD_MIN) return PROFILE_MESSAGES.passwordTooShort;
  return null;
}

/** §5 account deletion; null when it may be sent. */
export function validateDeletion(password: string): string | null {
  return password.trim() === '' ? PROFILE_MESSAGES.deletePasswordRequired : null;
}

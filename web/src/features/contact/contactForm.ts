// The contact form's rules (§3 'Contact form', §5): which fields are required, their messages, and
// the request built from exactly what the visitor typed. Kept apart from the component so the rules
// and the payload are tested without rendering.
import type { ApiResponse, ContactFormRequest, ContactServiceType, FormResponse } from '../../lib/api';
import { errorText } from '../../lib/api';
import { validateEmail, validateFullName, validatePhone } from '../../lib/validation';
import { companyToday } from '../../lib/calendar';

export interface ContactDraft {
  name: string;
  email: string;
  phone: string;
  origin: string;
  destination: string;
  /** 'YYYY-MM-DD' or '' when not given. */
  date: string;
  /** '' until one is chosen. */
  serviceType: ContactServiceType | '';
  message: string;
  consentContact: boolean;
  consentMarketing: boolean;
}

export const EMPTY_CONTACT: ContactDraft = {
  name: '',
  email: '',
  phone: '',
  origin: '',
  destination: '',
  date: '',
  serviceType: '',
  message: '',
  consentContact: false,
  consentMarketing: false,
};

/** The fields that can carry an error, in the order they appear (the first invalid one gets focus). */
export const CONTACT_FIELDS = [
  'name',
  'email',
  'phone',
  'origin',
  'destination',
  'date',
  'serviceType',
  'message',
  'consentContact',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_MESSAGES = {
  originRequired: 'La dirección de origen es requerida',
  destinationRequired: 'La dirección de destino es requerida',
  datePast: 'La fecha no puede ser anterior a hoy',
  dateInvalid: 'Introduce una fecha válida',
  serviceRequired: 'Selecciona el tipo de servicio',
  messageTooLong: 'El mensaje no puede superar los 2000 caracteres',
  consentRequired: 'Debes aceptar que usemos tus datos para responder a tu consulta',
  /** §8 'Contact form failure'. */
  failure: 'Error al enviar el formulario. Por favor, inténtalo de nuevo.',
} as const;

/** As the server limits them (command/src/forms.rs). */
export const MESSAGE_MAX = 2000;
export const PLACE_MAX = 200;

/** Null when the field is fine, otherwise the message to show under it. */
export function validateContactField(field: ContactField, draft: ContactDraft, today = companyToday()): string | null {
  switch (field) {
    case 'name':
      return validateFullName(draft.name);
    case 'email':
      return validateEmail(draft.email);
    case 'phone':
      return validatePhone(draft.phone);
    case 'origin':
      return draft.origin.trim() === '' ? CONTACT_MESSAGES.originRequired : null;
    case 'destination':
      return draft.destination.trim() === '' ? CONTACT_MESSAGES.destinationRequired : null;
    case 'date':
      if (draft.date === '') return null;
      if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) return CONTACT_MESSAGES.dateInvalid;
      // ISO dates compare correctly as strings.
      return draft.date < today ? CONTACT_MESSAGES.datePast : null;
    case 'serviceType':
      return draft.serviceType === '' ? CONTACT_MESSAGES.serviceRequired : null;
    case 'message':
      return draft.message.length > MESSAGE_MAX ? CONTACT_MESSAGES.messageTooLong : null;
    case 'consentContact':
      return draft.consentContact ? null : CONTACT_MESSAGES.consentRequired;
  }
}

export function validateContact(draft: ContactDraft, today = companyToday()): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const error = validateContactField(field, draft, today);
    if (error) errors[field] = error;
  }
  return errors;
}

/** The request of a valid draft: every field from the form, only the surrounding spaces trimmed. */
export function toContactRequest(draft: ContactDraft): ContactFormRequest {
  if (draft.serviceType === '') throw new Error('toContactRequest: falta el tipo de servicio');
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    origin: draft.origin.trim(),
    destination: draft.destination.trim(),
    date: draft.date === '' ? null : draft.date,
    service_type: draft.serviceType,
    message: draft.message.trim(),
    consent: { contact: draft.consentContact, marketing: draft.consentMarketing },
  };
}

/** The server's request names → the form's fields, for a 400 that names the bad one. */
const SERVER_FIELDS: Record<string, ContactField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  origin: 'origin',
  destination: 'destination',
  date: 'date',
  service_type: 'serviceType',
  message: 'message',
  consent: 'consentContact',
  consent_contact: 'consentContact',
};

export type SubmitOutcome = { ok: true } | { ok: false; message: string; field: ContactField | null };

/** What a failed answer means for the visitor: the server's Spanish text when it sent one, else §8. */
export function contactFailure(response: ApiResponse<FormResponse> | null): SubmitOutcome {
  if (response === null) return { ok: false, message: CONTACT_MESSAGES.failure, field: null };
  const field = response.body?.field ? (SERVER_FIELDS[response.body.field] ?? null) : null;
  return { ok: false, message: errorText(response.body, CONTACT_MESSAGES.failure), field };
}

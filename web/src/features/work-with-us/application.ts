// The job application's rules (§3 'Job application', §5 'Work-with-us asks for an attached CV';
// issue 6: .pdf/.doc/.docx up to 5 MB): the positions and experience bands with their Spanish
// names, field checks, the CV check the browser can make (name and size; the server also reads the
// content), and what a failed answer means for the applicant.
import type { ApiResponse, FormResponse, JobApplicationRequest, JobExperience, JobPosition } from '../../lib/api';
import { errorText } from '../../lib/api';
import { validateEmail, validateFullName, validatePhone } from '../../lib/validation';

/** 5 MB, as the server counts it. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_ACCEPT = '.pdf,.doc,.docx';
const CV_EXTENSIONS = ['pdf', 'doc', 'docx'];
export const MESSAGE_MAX = 2000;

export const APPLICATION_MESSAGES = {
  positionRequired: 'Selecciona el puesto que te interesa',
  experienceRequired: 'Selecciona tus años de experiencia',
  cvRequired: 'Adjunta tu currículum (PDF, DOC o DOCX)',
  cvType: 'El currículum debe ser un archivo PDF, DOC o DOCX',
  cvTooBig: 'El currículum supera el tamaño máximo de 5 MB',
  cvEmpty: 'El archivo del currículum está vacío',
  messageTooLong: 'El mensaje no puede superar los 2000 caracteres',
  consentRequired: 'Debes aceptar que usemos tus datos para valorar tu candidatura y responderte',
  tooMany: 'Has enviado demasiadas candidaturas seguidas. Espera un poco e inténtalo de nuevo.',
  failure: 'Error al enviar la candidatura. Por favor, inténtalo de nuevo.',
} as const;

export interface ApplicationDraft {
  name: string;
  email: string;
  phone: string;
  position: JobPosition | '';
  experience: JobExperience | '';
  message: string;
  cv: File | null;
  consentContact: boolean;
  consentMarketing: boolean;
}

export const EMPTY_APPLICATION: ApplicationDraft = {
  name: '',
  email: '',
  phone: '',
  position: '',
  experience: '',
  message: '',
  cv: null,
  consentContact: false,
  consentMarketing: false,
};

export const APPLICATION_FIELDS = [
  'name',
  'email',
  'phone',
  'position',
  'experience',
  'message',
  'cv',
  'consentContact',
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

/** Null when the file may be sent: a .pdf, .doc or .docx of 1 byte to 5 MB. */
export function checkCv(file: File | null): string | null {
  if (!file) return APPLICATION_MESSAGES.cvRequired;
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!CV_EXTENSIONS.includes(extension)) return APPLICATION_MESSAGES.cvType;
  if (file.size === 0) return APPLICATION_MESSAGES.cvEmpty;
  if (file.size > CV_MAX_BYTES) return APPLICATION_MESSAGES.cvTooBig;
  return null;
}

export function validateApplicationField(field: ApplicationField, draft: ApplicationDraft): string | null {
  switch (field) {
    case 'name':
      return validateFullName(draft.name);
    case 'email':
      return validateEmail(draft.email);
    case 'phone':
      return validatePhone(draft.phone);
    case 'position':
      return draft.position === '' ? APPLICATION_MESSAGES.positionRequired : null;
    case 'experience':
      return draft.experience === '' ? APPLICATION_MESSAGES.experienceRequired : null;
    case 'message':
      return draft.message.length > MESSAGE_MAX ? APPLICATION_MESSAGES.messageTooLong : null;
    case 'cv':
      return checkCv(draft.cv);
    case 'consentContact':
      return draft.consentContact ? null : APPLICATION_MESSAGES.consentRequired;
  }
}

export function validateApplication(draft: ApplicationDraft): ApplicationErrors {
  const errors: ApplicationErrors = {};
  for (const field of APPLICATION_FIELDS) {
    const error = validateApplicationField(field, draft);
    if (error) errors[field] = error;
  }
  return errors;
}

export function toApplicationRequest(draft: ApplicationDraft): JobApplicationRequest {
  if (draft.position === '' || draft.experience === '' || !draft.cv) {
    throw new Error('toApplicationRequest: la candidatura no está completa');
  }
  return {
    name: draft.name.trim(),
    email: draft.email.trim(),
    phone: draft.phone.trim(),
    position: draft.position,
    experience: draft.experience,
    message: draft.message.trim(),
    cv: draft.cv,
    consent: { contact: draft.consentContact, marketing: draft.consentMarketing },
  };
}

const SERVER_FIELDS: Record<string, ApplicationField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  position: 'position',
  experience: 'experience',
  message: 'message',
  cv: 'cv',
  consent: 'consentContact',
  consent_contact: 'consentContact',
};

export interface ApplicationFailure {
  message: string;
  field: ApplicationField | null;
}

/** A failed answer in the applicant's words: 413 is always the CV's size; 429 asks them to wait. */
export function applicationFailure(response: ApiResponse<FormResponse> | null): ApplicationFailure {
  if (response === null) return { message: APPLICATION_MESSAGES.failure, field: null };
  if (response.status === 413) return { message: APPLICATION_MESSAGES.cvTooBig, field: 'cv' };
  if (response.status === 429) return { message: errorText(response.body, APPLICATION_MESSAGES.tooMany), field: null };
  const field = response.body?.field ? (SERVER_FIELDS[response.body.field] ?? null) : null;
  return { message: errorText(response.body, APPLICATION_MESSAGES.failure), field };
}

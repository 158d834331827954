// Claims (issue 21 item 4): a client claims objects of a delivered move within 7 days; a manager
// answers within 15 Spanish working days. The calls, the rules the forms check before sending and
// the claim's own labels live here, shared by the client's page and the managers' section.

import { call, NetworkError, type ApiResponse, type Reply } from './api';
import type { components } from './api-schema';
import { formatCents, formatCount, formatNumber } from './format';

type Schemas = components['schemas'];

export type ClaimDetail = Schemas['ClaimDetail'];
export type ClaimSummary = Schemas['ClaimSummary'];
export type ClaimDeadline = Schemas['Deadline'];
export type ClaimResolution = Schemas['ClaimResolution'];
export type ClaimAnswer = Schemas['ClaimAnswerView'];
export type ClaimObject = Schemas['ClaimObject'];
export type ClaimPhoto = Schemas['ClaimPhotoView'];
export type ClaimObjectRecords = Schemas['ObjectRecords'];
export type ClaimStageRecords = Schemas['StageRecords'];
export type ClaimState = ClaimDetail['estado'];
export type AnswerRequest = Schemas['AnswerBody'];

export type OwnClaimResponse = Reply<'get', '/api/mi-mudanza/{id}/reclamacion'>;
export type ClaimListResponse = Reply<'get', '/api/reclamaciones'>;
export type OneClaimResponse = Reply<'get', '/api/reclamaciones/{id}'>;

/** As the server bounds them (command/src/claims.rs). */
export const CLAIM_TEXT_MAX = 2000;
export const CLAIM_PHOTOS_MAX = 5;
export const CLAIM_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const ANSWER_REASON_MAX = 2000;
/** 100.000 € in cents: the most an answer pays back. */
export const ANSWER_AMOUNT_MAX_CENTS = 10_000_000;

/** The client's page of their claim about a move (opened from the move's card on their dashboard). */
export function clientClaimPath(moveId: number): string {
  return `/cliente/reclamacion/${moveId}`;
}

// ---- Calls ----

/** The client's claim page of one of their moves: their claim, or whether they still may open one. */
export function fetchOwnClaim(moveId: number): Promise<ApiResponse<OwnClaimResponse>> {
  return call('get', '/api/mi-mudanza/{id}/reclamacion', { path: { id: moveId } });
}

export interface ClaimDraft {
  objetos: readonly string[];
  texto: string;
  fotos: readonly File[];
}

/**
 * Opens the claim (multipart: one `objetos` part per object, `texto`, one `fotos` part per photo).
 * Written here with fetch as api.ts sends its uploads (its form helper takes one value per field).
 */
export async function openClaim(moveId: number, draft: ClaimDraft): Promise<ApiResponse<OwnClaimResponse>> {
  const form = new FormData();
  for (const id of draft.objetos) form.append('objetos', id);
  form.append('texto', draft.texto.trim());
  for (const photo of draft.fotos) form.append('fotos', photo, photo.name);
  let response: Response;
  try {
    // No Content-Type: the browser writes it, with the boundary between the parts.
    response = await fetch(`/api/mi-mudanza/${encodeURIComponent(String(moveId))}/reclamacion`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
    });
  } catch (cause) {
    throw new NetworkError(cause);
  }
  let body: OwnClaimResponse | null = null;
  try {
    body = (await response.json()) as OwnClaimResponse;
  } catch {
    body = null;
  }
  return { ok: response.ok, status: response.status, body };
}

/** Every claim, open ones first by nearest deadline (managers, admin, auditor). */
export function fetchClaims(): Promise<ApiResponse<ClaimListResponse>> {
  return call('get', '/api/reclamaciones');
}

/** One claim beside the crew's records of its objects. A claim is named by its move's number. */
export function fetchClaim(moveId: number): Promise<ApiResponse<OneClaimResponse>> {
  return call('get', '/api/reclamaciones/{id}', { path: { id: moveId } });
}

export function answerClaim(moveId: number, body: AnswerRequest): Promise<ApiResponse<OneClaimResponse>> {
  return call('post', '/api/reclamaciones/{id}/respuesta', { path: { id: moveId }, body });
}

/** The client's claim page as read from an answer, or null when the answer is not one. */
export interface OwnClaimPage {
  reclamacion: ClaimDetail | null;
  objetos: ClaimObject[];
  ultimo_dia_para_reclamar: string | null;
  puede_reclamar: boolean;
}

export function ownClaimPage(response: ApiResponse<OwnClaimResponse>): OwnClaimPage | null {
  const body = response.body;
  if (!response.ok || !body?.success || !Array.isArray(body.objetos)) return null;
  return {
    reclamacion: body.reclamacion ?? null,
    objetos: body.objetos,
    ultimo_dia_para_reclamar: body.ultimo_dia_para_reclamar ?? null,
    puede_reclamar: body.puede_reclamar === true,
  };
}

/** The list's row of a claim the detail call gave back (after answering, the list follows it). */
export function summaryOf(detail: ClaimDetail): ClaimSummary {
  return {
    move_id: detail.move_id,
    estado: detail.estado,
    objetos: detail.objetos,
    texto: detail.texto,
    fotos: detail.fotos,
    entregada_en: detail.entregada_en,
    abierta_en: detail.abierta_en,
    plazo_respuesta: detail.plazo_respuesta,
    respuesta: detail.respuesta,
    version: detail.version,
    cliente_nombre: detail.cliente_nombre,
    plazo: detail.plazo,
  };
}

// ---- Labels ----

export const CLAIM_STATE_LABELS: Record<ClaimState, string> = {
  abierta: 'Pendiente de respuesta',
  respondida: 'Respondida',
};

/** The manager's choice, as the answer form offers it. */
export const RESOLUTION_CHOICES: readonly { value: ClaimResolution; label: string }[] = [
  { value: 'aceptada', label: 'Aceptar' },
  { value: 'parcial', label: 'Aceptar en parte' },
  { value: 'rechazada', label: 'Rechazar' },
];

/** What the answer was, as both sides read it. */
export const RESOLUTION_LABELS: Record<ClaimResolution, string> = {
  aceptada: 'Aceptada',
  parcial: 'Aceptada en parte',
  rechazada: 'Rechazada',
};

export const RESOLUTION_TONES: Record<ClaimResolution, 'success' | 'warning' | 'error'> = {
  aceptada: 'success',
  parcial: 'warning',
  rechazada: 'error',
};

/** The two columns of the side-by-side records. */
export const STAGE_HEADINGS = { recogida: 'En la recogida', entrega: 'En la entrega' } as const;

export const SIGNER_LABELS: Record<Schemas['Signer'], string> = { cliente: 'Cliente', operario: 'Operario' };

/** Who reads the answer: the client is told what they get, the staff what was decided. */
export type Audience = 'cliente' | 'gestion';

/** 'Aceptada: te abonaremos 120,00 €', 'Aceptada en parte: …', 'Rechazada' (the staff: 'Aceptada: 120,00 €'). */
export function answerText(answer: Pick<ClaimAnswer, 'resolucion' | 'importe_cents'>, audience: Audience): string {
  const label = RESOLUTION_LABELS[answer.resolucion];
  if (answer.resolucion === 'rechazada' || answer.importe_cents == null) return label;
  const amount = formatCents(answer.importe_cents);
  return audience === 'cliente' ? `${label}: te abonaremos ${amount}` : `${label}: ${amount}`;
}

/** How long is left to answer: 'Quedan 4 días hábiles', 'Queda 1 día hábil', 'Hoy es el último día', 'Plazo vencido'. */
export function daysLeftText(deadline: Pick<ClaimDeadline, 'dias_habiles_restantes' | 'vencido'>): string {
  const left = deadline.dias_habiles_restantes;
  if (deadline.vencido || left < 0) return 'Plazo vencido';
  if (left === 0) return 'Hoy es el último día';
  return `${left === 1 ? 'Queda' : 'Quedan'} ${formatCount(left, 'día hábil', 'días hábiles')}`;
}

/** The tone of an unanswered claim's deadline: past, near (at most 3 working days) or not yet. */
export function deadlineTone(deadline: Pick<ClaimDeadline, 'aviso' | 'vencido'>): 'error' | 'warning' | 'neutral' {
  if (deadline.vencido) return 'error';
  return deadline.aviso ? 'warning' : 'neutral';
}

/** '12 / 2000' under a text field. */
export function counterText(length: number, max: number): string {
  return `${formatNumber(length, { decimals: 0 })} / ${formatNumber(max, { decimals: 0 })}`;
}

// ---- The client's form ----

export const CLAIM_MESSAGES = {
  objetos: 'Elige al menos un objeto',
  texto: 'Describe qué ha pasado',
  tooManyPhotos: `Puedes añadir como máximo ${CLAIM_PHOTOS_MAX} fotos`,
  notAnImage: 'Solo se pueden añadir imágenes (JPEG, PNG, GIF o WebP)',
  tooLarge: 'Cada foto puede ocupar como máximo 10 MB',
} as const;

export type ClaimErrors = Partial<Record<'objetos' | 'texto' | 'fotos', string>>;

export function validateClaim(draft: ClaimDraft): ClaimErrors {
  const errors: ClaimErrors = {};
  if (draft.objetos.length === 0) errors.objetos = CLAIM_MESSAGES.objetos;
  if (draft.texto.trim() === '') errors.texto = CLAIM_MESSAGES.texto;
  if (draft.fotos.length > CLAIM_PHOTOS_MAX) errors.fotos = CLAIM_MESSAGES.tooManyPhotos;
  return errors;
}

/**
 * The photos after adding `chosen` to `current`: images only, 10 MB each, at most 5 in all; the
 * message says why one was left out.
 */
export function addPhotos(current: readonly File[], chosen: readonly File[]): { fotos: File[]; error?: string } {
  const fotos = [...current];
  let error: string | undefined;
  for (const file of chosen) {
    if (!file.type.startsWith('image/')) error = CLAIM_MESSAGES.notAnImage;
    else if (file.size > CLAIM_PHOTO_MAX_BYTES) error = CLAIM_MESSAGES.tooLarge;
    else if (fotos.length >= CLAIM_PHOTOS_MAX) error = CLAIM_MESSAGES.tooManyPhotos;
    else fotos.push(file);
  }
  return { fotos, error };
}

// ---- The manager's answer ----

/**
 * An amount in euros as a Spanish user types it, in whole cents, exactly (no floating point):
 * '40,50' → 4050, '1.234,5' → 123450, '120' → 12000, '40.50' → 4050 (a dot before one or two
 * final digits is read as the decimal point; before three, as thousands). Not an amount → null.
 */
export function parseEuroCents(text: string): number | null {
  // Spaces only around it ('40 €'): inside, '40 50' is not forty euros fifty.
  const cleaned = text.trim().replace(/\s*€$/, '');
  let whole: string;
  let fraction = '';
  const withComma = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(cleaned);
  const withDot = /^(\d+)\.(\d{1,2})$/.exec(cleaned);
  if (withComma) {
    whole = withComma[1]!.replace(/\./g, '');
    fraction = withComma[2] ?? '';
  } else if (withDot) {
    whole = withDot[1]!;
    fraction = withDot[2]!;
  } else {
    return null;
  }
  // Past 15 digits the sum below is no longer exact; no answer pays back that much anyway.
  if (whole.replace(/^0+/, '').length > 13) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export interface AnswerDraft {
  resolucion: ClaimResolution | '';
  importe: string;
  motivo: string;
}

export const EMPTY_ANSWER: AnswerDraft = { resolucion: '', importe: '', motivo: '' };

export type AnswerErrors = Partial<Record<keyof AnswerDraft, string>>;

/** Whether the resolution pays something back (and so asks for the amount). */
export function paysBack(resolucion: AnswerDraft['resolucion']): boolean {
  return resolucion === 'aceptada' || resolucion === 'parcial';
}

/** Whether the resolution must say why (a partial answer or a rejection). */
export function needsReason(resolucion: AnswerDraft['resolucion']): boolean {
  return resolucion === 'parcial' || resolucion === 'rechazada';
}

export const ANSWER_MESSAGES = {
  resolucion: 'Elige cómo respondes a la reclamación',
  importe: 'Indica el importe que se abonará',
  importeInvalid: 'Escribe un importe en euros, p. ej. 40,50',
  importeZero: 'El importe debe ser mayor que 0 €',
  importeMax: `El importe no puede superar ${formatCents(ANSWER_AMOUNT_MAX_CENTS)}`,
  motivo: 'Explica el motivo al cliente',
} as const;

export function validateAnswer(draft: AnswerDraft): AnswerErrors {
  const errors: AnswerErrors = {};
  if (draft.resolucion === '') errors.resolucion = ANSWER_MESSAGES.resolucion;
  if (paysBack(draft.resolucion)) {
    const cents = parseEuroCents(draft.importe);
    if (draft.importe.trim() === '') errors.importe = ANSWER_MESSAGES.importe;
    else if (cents === null) errors.importe = ANSWER_MESSAGES.importeInvalid;
    else if (cents <= 0) errors.importe = ANSWER_MESSAGES.importeZero;
    else if (cents > ANSWER_AMOUNT_MAX_CENTS) errors.importe = ANSWER_MESSAGES.importeMax;
  }
  if (needsReason(draft.resolucion) && draft.motivo.trim() === '') errors.motivo = ANSWER_MESSAGES.motivo;
  return errors;
}

/** The body of a valid draft: the amount only when it pays back. */
export function answerRequest(draft: AnswerDraft): AnswerRequest {
  if (draft.resolucion === '') throw new Error('answerRequest: sin resolución');
  return {
    resolucion: draft.resolucion,
    importe_cents: paysBack(draft.resolucion) ? parseEuroCents(draft.importe) : null,
    motivo: draft.motivo.trim(),
  };
}

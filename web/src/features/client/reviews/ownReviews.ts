// A client's reviews of their own moves (issue 20 item 5): the form's rules and texts, and where
// each review stands. Pure functions, so the rules are tested without a page.
import type { OwnReview, ReviewRequest, ReviewState } from '../../../lib/api';
import type { BadgeTone } from '../../../lib/staffMoves';
import { TEXT_LIMITS } from '../../../lib/textLimits';

export const TITLE_MAX = TEXT_LIMITS.reviewTitle;
export const TEXT_MAX = TEXT_LIMITS.reviewText;

/** The search parameter that opens the form for a move: the 'finalizada' email links to /cliente?valorar=N. */
export const REVIEW_PARAM = 'valorar';

export interface ReviewDraft {
  /** 0 until a star is chosen. */
  rating: number;
  titulo: string;
  texto: string;
  /** null until 'Sí' or 'No' is chosen: neither is assumed. */
  recomendaria: boolean | null;
}

export type ReviewField = 'rating' | 'titulo' | 'texto' | 'recomendaria';

export const EMPTY_DRAFT: ReviewDraft = { rating: 0, titulo: '', texto: '', recomendaria: null };

/** The form's order: the first field with an error takes the focus. */
export const REVIEW_FIELDS: readonly ReviewField[] = ['rating', 'titulo', 'texto', 'recomendaria'];

/** Each message names its field, as the server's do. */
export function validateReview(draft: ReviewDraft): Partial<Record<ReviewField, string>> {
  const errors: Partial<Record<ReviewField, string>> = {};
  if (!(draft.rating >= 1 && draft.rating <= 5)) errors.rating = 'Elige una valoración de 1 a 5 estrellas';
  const titulo = draft.titulo.trim();
  if (titulo === '') errors.titulo = 'El título de la opinión es requerido';
  else if (titulo.length > TITLE_MAX) errors.titulo = `El título puede tener como máximo ${TITLE_MAX} caracteres`;
  const texto = draft.texto.trim();
  if (texto === '') errors.texto = 'Escribe tu opinión: cuéntanos qué tal fue la mudanza';
  else if (texto.length > TEXT_MAX) errors.texto = `La opinión puede tener como máximo ${TEXT_MAX} caracteres`;
  if (draft.recomendaria === null) errors.recomendaria = 'Dinos si nos recomendarías: elige Sí o No';
  return errors;
}

/** What is sent once the draft is valid: the texts trimmed, as the server keeps them. */
export function reviewRequest(draft: ReviewDraft): ReviewRequest {
  return {
    rating: draft.rating,
    titulo: draft.titulo.trim(),
    texto: draft.texto.trim(),
    recomendaria: draft.recomendaria === true,
  };
}

/** '12 / 100': how much of the limit is used. */
export function counterText(length: number, max: number): string {
  return `${length} / ${max}`;
}

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pendiente: 'Pendiente de moderación',
  publicada: 'Publicada',
  oculta: 'Oculta',
};

export const REVIEW_STATE_TONES: Record<ReviewState, BadgeTone> = {
  pendiente: 'warning',
  publicada: 'success',
  oculta: 'error',
};

/** One sentence on where the client's review stands, with the manager's reason when it was hidden. */
export function reviewStateText(review: Pick<OwnReview, 'estado' | 'motivo'>): string {
  switch (review.estado) {
    case 'pendiente':
      return 'La revisaremos antes de publicarla en Opiniones.';
    case 'publicada':
      return 'Ya aparece en la página de Opiniones. ¡Gracias!';
    case 'oculta':
      return review.motivo.trim() === ''
        ? 'No la hemos publicado.'
        : `No la hemos publicado. Motivo: ${review.motivo.trim()}`;
  }
}

/** The move the form opens for, from the address: a positive whole number, or null. */
export function moveFromParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// The reviews managers moderate (issue 20 item 5): filters, labels and what a decision changes.
// Pure functions, so the rules are tested without a page.
import type { ModeratedReview, ReviewState } from '../../lib/api';
import type { BadgeTone } from '../../lib/staffMoves';

export type ReviewFilter = 'todas' | ReviewState;

/** Waiting first: they are the work; then every state on its own. */
export const REVIEW_FILTERS: readonly { key: ReviewFilter; label: string }[] = [
  { key: 'pendiente', label: 'Pendientes' },
  { key: 'publicada', label: 'Publicadas' },
  { key: 'oculta', label: 'Ocultas' },
  { key: 'todas', label: 'Todas' },
];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  pendiente: 'Pendiente',
  publicada: 'Publicada',
  oculta: 'Oculta',
};

export const REVIEW_STATE_TONES: Record<ReviewState, BadgeTone> = {
  pendiente: 'warning',
  publicada: 'success',
  oculta: 'muted',
};

export const REVIEW_EMPTY: Record<ReviewFilter, string> = {
  pendiente: 'No hay opiniones pendientes de moderar.',
  publicada: 'No hay opiniones publicadas.',
  oculta: 'No hay opiniones ocultas.',
  todas: 'Todavía no hay opiniones.',
};

/** '3 pendientes', '1 pendiente', 'Ninguna pendiente'. */
export function pendingLabel(count: number): string {
  return count === 0 ? 'Ninguna pendiente' : count === 1 ? '1 pendiente' : `${count} pendientes`;
}

/** The list after a decision: the review as the server answered it, in its place. */
export function replaceReview(reviews: readonly ModeratedReview[], changed: ModeratedReview): ModeratedReview[] {
  return reviews.map((r) => (r.id === changed.id ? changed : r));
}

/** The waiting count after `before` became `after`. */
export function pendingAfter(pending: number, before: ReviewState, after: ReviewState): number {
  return Math.max(0, pending - (before === 'pendiente' ? 1 : 0) + (after === 'pendiente' ? 1 : 0));
}

/** Hiding needs a reason, which the client reads in their area. */
export function reasonError(reason: string): string | undefined {
  return reason.trim() === '' ? 'Indica el motivo por el que se oculta la opinión' : undefined;
}

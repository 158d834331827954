// The published reviews and their figures (GET /api/opiniones), shared by /opiniones, the home
// page's metrics and the contact page's quotes: every page that states a figure states the one
// computed from the same reviews.
import { useEffect } from 'react';
import { create } from 'zustand';
import { fetchPublishedReviews, type PublishedReview, type ReviewFigures } from './api';

export type ReviewsStatus = 'loading' | 'ready' | 'error';

interface PublishedReviewsState {
  status: ReviewsStatus;
  reviews: PublishedReview[];
  stats: ReviewFigures | null;
  /** Reads them again; what was read stays on show meanwhile and when the read fails. */
  load: () => Promise<void>;
}

// Pages mounting together (or a page remounting) share the request in flight; an answer read
// before a reset is dropped.
let inFlight: Promise<void> | null = null;
let generation = 0;

export const usePublishedReviewsStore = create<PublishedReviewsState>()((set, get) => ({
  status: 'loading',
  reviews: [],
  stats: null,
  load: () => {
    if (inFlight) return inFlight;
    if (get().status === 'error') set({ status: 'loading' });
    const mine = generation;
    inFlight = (async () => {
      try {
        const response = await fetchPublishedReviews();
        const body = response.body;
        if (!response.ok || !body?.success || !Array.isArray(body.opiniones) || !body.estadisticas) {
          throw new Error(`opiniones respondió ${response.status}`);
        }
        if (mine !== generation) return;
        set({ status: 'ready', reviews: body.opiniones, stats: body.estadisticas });
      } catch {
        if (mine === generation && get().status !== 'ready') set({ status: 'error' });
      } finally {
        if (mine === generation) inFlight = null;
      }
    })();
    return inFlight;
  },
}));

/**
 * The published reviews, read when the calling page mounts: again each time (`refresh`, for
 * /opiniones: a moderation may have changed them since), or only when nothing was read yet (pages
 * that merely quote them or their figures).
 */
export function usePublishedReviews({ refresh = true } = {}): PublishedReviewsState {
  const state = usePublishedReviewsStore();
  const { load } = state;
  const needed = refresh || state.status !== 'ready';
  useEffect(() => {
    if (needed) void load();
    // Only on mount: a page that needs no refresh must not read again when the answer arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);
  return state;
}

/** Forgets what was read (tests; each starts from a first load). */
export function resetPublishedReviews(): void {
  generation += 1;
  inFlight = null;
  usePublishedReviewsStore.setState({ status: 'loading', reviews: [], stats: null });
}

import { create } from 'zustand';
import { fetchOwnReviews, type OwnReview } from '../../../lib/api';

interface OwnReviewsState {
  /** False until the first answer: the page neither invites nor says 'nothing to rate' before it. */
  loaded: boolean;
  reviews: OwnReview[];
  /** The client's finished moves not rated yet, newest first. */
  awaiting: number[];
  /** Reads them; a failure is logged and leaves what was read (the invitation is not essential). */
  load: () => Promise<void>;
  /** The review the server just accepted: its move no longer awaits one. */
  added: (review: OwnReview) => void;
  reset: () => void;
}

// Only the latest load's answer counts: an older one may predate a review just sent.
let latestLoad = 0;

export const useOwnReviewsStore = create<OwnReviewsState>()((set) => ({
  loaded: false,
  reviews: [],
  awaiting: [],

  load: async () => {
    latestLoad += 1;
    const thisLoad = latestLoad;
    try {
      const response = await fetchOwnReviews();
      const body = response.body;
      if (!response.ok || !body?.success) throw new Error(`mis-opiniones respondió ${response.status}`);
      if (thisLoad !== latestLoad) return;
      set({
        loaded: true,
        reviews: Array.isArray(body.opiniones) ? body.opiniones : [],
        awaiting: Array.isArray(body.por_valorar) ? body.por_valorar : [],
      });
    } catch (error) {
      console.error('No se pudieron cargar tus opiniones', error);
    }
  },

  added: (review) => {
    latestLoad += 1;
    set((s) => ({
      loaded: true,
      reviews: [review, ...s.reviews.filter((r) => r.mudanza_id !== review.mudanza_id)],
      awaiting: s.awaiting.filter((id) => id !== review.mudanza_id),
    }));
  },

  reset: () => {
    latestLoad += 1;
    set({ loaded: false, reviews: [], awaiting: [] });
  },
}));

import { Badge } from '../../../components/Badge';
import { Stars } from '../../../components/Stars';
import { REVIEW_STATE_LABELS, REVIEW_STATE_TONES, reviewStateText } from './ownReviews';
import { useOwnReviewsStore } from './useOwnReviewsStore';
import { useReviewParam } from './useReviewParam';
import './reviews.css';

/**
 * A finished move's review on its card: 'Valorar' while it awaits one, then the client's own
 * review and where moderation left it (with the reason when it was hidden).
 */
export function MoveReview({ moveId, completed }: { moveId: number; completed: boolean }) {
  const own = useOwnReviewsStore((s) => s.reviews.find((r) => r.mudanza_id === moveId));
  const awaits = useOwnReviewsStore((s) => s.awaiting.includes(moveId));
  const { open } = useReviewParam();
  if (!completed) return null;
  if (own) {
    return (
      <div className="move-review" role="group" aria-label={`Tu opinión sobre la mudanza ${moveId}`}>
        <p className="move-review__head">
          <span className="move-review__label">Tu opinión</span>
          <Stars rating={own.rating} size={16} />
          <Badge look="client" tone={REVIEW_STATE_TONES[own.estado]}>
            {REVIEW_STATE_LABELS[own.estado]}
          </Badge>
        </p>
        <p className="move-review__text">{reviewStateText(own)}</p>
      </div>
    );
  }
  if (!awaits) return null;
  return (
    <div className="move-review move-review--invite">
      <p className="move-review__text">¿Qué tal fue? Cuéntanoslo en un minuto.</p>
      <button type="button" className="button button--outline" onClick={() => open(moveId)}>
        Valorar <span className="sr-only">la mudanza {moveId}</span>
      </button>
    </div>
  );
}

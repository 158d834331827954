import { StarIcon } from '../../../components/icons';
import { formatLongDate } from '../../../lib/format';
import { useClientMovesStore } from '../useClientMovesStore';
import { useOwnReviewsStore } from './useOwnReviewsStore';
import './reviews.css';

/** The dashboard's invitation while a finished move awaits its review (the newest first). */
export function ReviewInvitation({ onReview }: { onReview: (moveId: number) => void }) {
  const awaiting = useOwnReviewsStore((s) => s.awaiting);
  const moves = useClientMovesStore((s) => s.moves);
  const first = awaiting[0];
  if (first === undefined) return null;
  const move = moves.find((m) => m.id === first);
  const others = awaiting.length - 1;
  return (
    <section className="review-invitation" aria-labelledby="review-invitation-title">
      <span className="review-invitation__icon" aria-hidden="true">
        <StarIcon width={28} height={28} />
      </span>
      <div className="review-invitation__text">
        <h2 id="review-invitation-title" className="review-invitation__title">
          {move?.date
            ? `¿Qué tal fue tu mudanza del ${formatLongDate(move.date)}?`
            : `¿Qué tal fue tu mudanza nº ${first}?`}
        </h2>
        <p>
          Tu opinión ayuda a otras familias a elegir y a nosotros a mejorar.
          {others > 0 && ` Tienes ${others === 1 ? 'otra mudanza' : `otras ${others} mudanzas`} por valorar.`}
        </p>
      </div>
      <button
        type="button"
        className="button button--primary review-invitation__action"
        onClick={() => onReview(first)}
      >
        Valórala
      </button>
    </section>
  );
}

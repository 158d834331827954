import type { Ref } from 'react';
import { CheckCircleIcon } from '../../components/icons';
import { Stars } from '../../components/Stars';
import type { PublishedReview } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { helpfulLabel } from './reviews';

function ThumbIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M7 10v11H3V10zM7 10l4-8c1.7 0 3 1.3 3 3v4h5.5a2 2 0 0 1 2 2.3l-1.3 8A2 2 0 0 1 18.2 21H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * One published review. tabIndex -1: 'Cargar más' moves the focus to the first card it adds.
 * 'Cliente verificado' only on a review its move's client wrote: the imported ones predate the
 * platform, so nothing proves who wrote them.
 */
export function ReviewCard({ review, ref }: { review: PublishedReview; ref?: Ref<HTMLElement> }) {
  const titleId = `review-${review.id}-title`;
  return (
    <article ref={ref} className="review-card" aria-labelledby={titleId} tabIndex={-1}>
      <div className="review-card__top">
        <Stars rating={review.rating} />
        {review.verified && (
          <span className="review-card__verified">
            <CheckCircleIcon width={16} height={16} />
            Cliente verificado
          </span>
        )}
      </div>
      <h3 id={titleId} className="review-card__title">
        {review.titulo}
      </h3>
      <p className="review-card__content">{review.texto}</p>
      <div className="review-card__meta">
        <p className="review-card__author">
          <span className="review-card__name">{review.nombre}</span>
          {review.ubicacion && <span className="review-card__location">{review.ubicacion}</span>}
        </p>
        <time className="review-card__date" dateTime={review.fecha}>
          {formatLongDate(review.fecha)}
        </time>
      </div>
      {review.helpful_count > 0 && (
        <p className="review-card__helpful">
          <ThumbIcon />
          {helpfulLabel(review.helpful_count)}
        </p>
      )}
    </article>
  );
}

import type { Ref } from 'react';
import { CheckCircleIcon } from '../../components/icons';
import { formatLongDate } from '../../lib/format';
import { helpfulLabel, starsLabel } from './reviews';
import type { Review } from '../../lib/testimonials';

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Five stars drawn, one sentence read: '4 de 5 estrellas'. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={starsLabel(rating)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} filled={n <= rating} />
      ))}
    </span>
  );
}

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

/** One testimonial. tabIndex -1: 'Cargar más' moves the focus to the first card it adds. */
export function ReviewCard({ review, ref }: { review: Review; ref?: Ref<HTMLElement> }) {
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
        {review.title}
      </h3>
      <p className="review-card__content">{review.content}</p>
      <div className="review-card__meta">
        <p className="review-card__author">
          <span className="review-card__name">{review.name}</span>
          <span className="review-card__location">{review.location}</span>
        </p>
        <time className="review-card__date" dateTime={review.date}>
          {formatLongDate(review.date)}
        </time>
      </div>
      <p className="review-card__helpful">
        <ThumbIcon />
        {helpfulLabel(review.helpful_count)}
      </p>
    </article>
  );
}

import type { PublishedReview } from '../../lib/api';
import { formatNumber, formatPercent as formatFraction } from '../../lib/format';

/** §4/§9: 6 reviews shown at first, 6 more per 'Cargar más'. */
export const PAGE_SIZE = 6;

/** §4: the stats count up over 60 ticks of about 33 ms (two seconds in all). */
export const COUNT_UP_TICKS = 60;
export const COUNT_UP_TICK_MS = 33;

export type ReviewFilter = 'all' | 5 | 4;

export const REVIEW_FILTERS: readonly { value: ReviewFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 5, label: '5 estrellas' },
  { value: 4, label: '4 estrellas' },
];

export function filterReviews(reviews: readonly PublishedReview[], filter: ReviewFilter): readonly PublishedReview[] {
  return filter === 'all' ? reviews : reviews.filter((review) => review.rating === filter);
}

/** The value a stat shows at `tick` of the count-up, rounded to the digits it is shown with. */
export function countUpValue(target: number, tick: number, decimals = 0): number {
  const clamped = Math.min(Math.max(tick, 0), COUNT_UP_TICKS);
  const factor = 10 ** decimals;
  return Math.round((target * clamped * factor) / COUNT_UP_TICKS) / factor;
}

export const formatInteger = (n: number) => formatNumber(n, { decimals: 0 });
export const formatDecimal = (n: number) => formatNumber(n, { decimals: 1, fixed: true });
export const formatPercent = (n: number) => formatFraction(n / 100, 0);

export function helpfulLabel(count: number): string {
  return count === 1 ? 'A 1 persona le ha resultado útil' : `A ${count} personas les ha resultado útil`;
}

export function reviewsCountLabel(count: number): string {
  return count === 1 ? '1 reseña' : `${formatInteger(count)} reseñas`;
}

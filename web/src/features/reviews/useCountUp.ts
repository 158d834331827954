import { useEffect, useState, type RefObject } from 'react';
import { COUNT_UP_TICKS, COUNT_UP_TICK_MS } from './reviews';

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** §9 intersection threshold: 10 % of the element visible. */
const THRESHOLD = 0.1;

/**
 * True once the element has been on screen (it stays true). Without IntersectionObserver the
 * element counts as seen at once, so the stats still reach their values.
 */
export function useSeenOnce(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}

/**
 * The count-up's tick, 0 to COUNT_UP_TICKS, advancing every COUNT_UP_TICK_MS once `start` is
 * true. With reduced motion it is the last tick from the start: the final values, no animation.
 */
export function useCountUpTick(start: boolean): number {
  const [tick, setTick] = useState(() => (prefersReducedMotion() ? COUNT_UP_TICKS : 0));
  const done = tick >= COUNT_UP_TICKS;
  useEffect(() => {
    if (!start || done) return;
    // One interval from start to the last tick (its cleanup runs when `done` flips).
    const timer = window.setInterval(
      () => setTick((current) => Math.min(current + 1, COUNT_UP_TICKS)),
      COUNT_UP_TICK_MS,
    );
    return () => window.clearInterval(timer);
  }, [start, done]);
  return tick;
}

import { type RefObject, useEffect, useState } from 'react';

/** §9: the site's sections count as in view from 10 % visible. */
export const SECTION_THRESHOLD = 0.1;

const supported = () => typeof globalThis.IntersectionObserver === 'function';

/**
 * How many of `thresholds` (ascending) the element's visible share has reached: 0 while it is out
 * of view, `thresholds.length` once the last is passed. It follows the element both ways, so it
 * grows as the element scrolls in and shrinks as it leaves. Without IntersectionObserver the
 * element counts as fully in view.
 */
export function useIntersectionLevel(ref: RefObject<Element | null>, thresholds: readonly number[]): number {
  const [level, setLevel] = useState(() => (supported() ? 0 : thresholds.length));
  const key = thresholds.join(',');
  useEffect(() => {
    const element = ref.current;
    if (!element || !supported()) return undefined;
    // The thresholds come from key: a new array with the same values is no change.
    const values = key.split(',').map(Number);
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (!entry) return;
        // A ratio a hair under a threshold still counts once the observer reported that threshold.
        const ratio = entry.isIntersecting ? entry.intersectionRatio + 0.001 : 0;
        setLevel(values.filter((t) => ratio >= t).length);
      },
      { threshold: values },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
  return level;
}

/** True from the first time the element is `threshold` visible (or at once without the API). */
export function useSeenOnce(ref: RefObject<Element | null>, threshold = SECTION_THRESHOLD): boolean {
  const [seen, setSeen] = useState(() => !supported());
  useEffect(() => {
    const element = ref.current;
    if (seen || !element || !supported()) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}

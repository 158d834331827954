// Which of the about page's sections the dot navigation marks as current.
import { SECTION_THRESHOLD } from '../../lib/useIntersection';

/**
 * The first section, in page order, at least `threshold` inside the reading band (§9: 0.1): the one
 * the visitor has reached. Null while none is: the caller then keeps the last answer.
 */
export function currentSection(
  order: readonly string[],
  ratios: Readonly<Record<string, number>>,
  threshold = SECTION_THRESHOLD,
): string | null {
  return order.find((id) => (ratios[id] ?? 0) >= threshold) ?? null;
}

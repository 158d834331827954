// Which of the about page's sections the dot navigation marks as current.
import { SECTION_THRESHOLD } from '../../lib/useIntersection';

export interface SectionView {
  /** Share of the section inside the reading band, as IntersectionObserver last reported it. */
  ratio: number;
  /** Whether the section starts above the band: the visitor has scrolled into or past it. */
  above: boolean;
}

/**
 * The section the visitor is reading: the first, in page order, at least `threshold` inside the
 * reading band (§9: 0.1); when none is (a short gap, or the hero on show), the last one already
 * scrolled past, or else the first.
 */
export function currentSection(
  order: readonly string[],
  views: Readonly<Record<string, SectionView>>,
  threshold = SECTION_THRESHOLD,
): string | undefined {
  const inBand = order.find((id) => (views[id]?.ratio ?? 0) >= threshold);
  if (inBand) return inBand;
  const passed = order.filter((id) => views[id]?.above);
  return passed[passed.length - 1] ?? order[0];
}

import { useEffect, useRef, useState } from 'react';
import { SECTION_THRESHOLD } from '../../lib/useIntersection';
import { currentSection, type SectionView } from './sectionNav';

/**
 * The id of the section the visitor is reading, watched with IntersectionObserver at §9's 0.1
 * threshold. The band watched starts `topOffset` px from the top (under the navbar) and ends at
 * the middle of the window, so a section counts once it reaches the upper half of the screen.
 */
export function useActiveSection(ids: readonly string[], topOffset: number): [string, (id: string) => void] {
  const [active, setActive] = useState(ids[0] ?? '');
  const ratios = useRef<Record<string, number>>({});
  const key = ids.join(' ');

  useEffect(() => {
    if (typeof globalThis.IntersectionObserver !== 'function') return undefined;
    // The ids come from key, so a new array with the same ids is no change.
    const sectionIds = key.split(' ');
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries)
          ratios.current[entry.target.id] = entry.isIntersecting ? entry.intersectionRatio : 0;
        // Where each section starts is read now, for all of them: a jump (Fin, a link) reports
        // only the sections whose visibility changed, not those it skipped over.
        const views: Record<string, SectionView> = {};
        for (const id of sectionIds) {
          const element = document.getElementById(id);
          views[id] = {
            ratio: ratios.current[id] ?? 0,
            above: element ? element.getBoundingClientRect().top < topOffset : false,
          };
        }
        const found = currentSection(sectionIds, views);
        if (found) setActive(found);
      },
      { threshold: SECTION_THRESHOLD, rootMargin: `-${topOffset}px 0px -50% 0px` },
    );
    for (const id of sectionIds) {
      const element = document.getElementById(id);
      if (element) observer.observe(element);
    }
    // The blocks before and after the sections are watched too: a jump from the end of the page
    // to the top changes no section's visibility, but it brings the hero into the band.
    for (const element of document.querySelectorAll('[data-section-sentinel]')) observer.observe(element);
    return () => observer.disconnect();
  }, [key, topOffset]);

  return [active, setActive];
}

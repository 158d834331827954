/**
 * §9 scroll offset: a section scrolled to lands 100 px below the top of the window, clear of the
 * sticky navbar (4.5 rem, 72 px) with some air above its heading.
 */
export const SCROLL_OFFSET = 100;

function reducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The window scroll position that puts `element`'s top `offset` px below the top of the window. */
export function scrollTopFor(element: Element, offset: number = SCROLL_OFFSET): number {
  return Math.max(0, Math.round(element.getBoundingClientRect().top + window.scrollY - offset));
}

export function scrollToElement(element: Element, offset: number = SCROLL_OFFSET): void {
  window.scrollTo({ top: scrollTopFor(element, offset), behavior: reducedMotion() ? 'auto' : 'smooth' });
}

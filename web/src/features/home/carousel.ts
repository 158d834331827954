// The home carousel's rules (spec §1, §9), free of React and timers so they can be tested alone:
// which 6 of the 24 images a visit shows, and how the current slide moves.

/** §9: 6 images per visit out of the 24. */
export const CAROUSEL_SLIDES = 6;
/** §9: a new slide every 4 s. */
export const CAROUSEL_INTERVAL_MS = 4000;
/** §9: the slide transition lasts 0.5 s; clicks during it are ignored. */
export const CAROUSEL_TRANSITION_MS = 500;

/**
 * `count` distinct items of `items` in random order: a partial Fisher-Yates shuffle, so every
 * subset and order is equally likely and no item repeats. `random` returns [0, 1) like
 * Math.random; tests pass their own.
 */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i += 1) {
    const j = i + Math.floor(random() * (pool.length - i));
    const chosen = pool[j] as T;
    pool[j] = pool[i] as T;
    pool[i] = chosen;
  }
  return pool.slice(0, n);
}

export interface CarouselState {
  index: number;
  count: number;
  /** True from a move until its transition ends: further moves are ignored meanwhile. */
  transitioning: boolean;
  /** +1 when the last move went forward, -1 backward: the slide enters from that side. */
  direction: 1 | -1;
  /** The slide shown before the last move: it slides out while the new one slides in. */
  previous: number;
}

export type CarouselAction =
  { type: 'next' } | { type: 'prev' } | { type: 'goto'; index: number } | { type: 'transitionEnd' };

export function initialCarousel(count: number): CarouselState {
  return { index: 0, count, transitioning: false, direction: 1, previous: 0 };
}

/** `animated` false (reduced motion) moves at once, with no transition to wait for. */
export function carouselReducer(state: CarouselState, action: CarouselAction, animated = true): CarouselState {
  if (action.type === 'transitionEnd') return state.transitioning ? { ...state, transitioning: false } : state;
  if (state.transitioning || state.count < 2) return state;
  let index: number;
  let direction: 1 | -1;
  if (action.type === 'next') {
    index = (state.index + 1) % state.count;
    direction = 1;
  } else if (action.type === 'prev') {
    index = (state.index - 1 + state.count) % state.count;
    direction = -1;
  } else {
    if (action.index === state.index || action.index < 0 || action.index >= state.count) return state;
    index = action.index;
    direction = action.index > state.index ? 1 : -1;
  }
  return { ...state, index, direction, previous: state.index, transitioning: animated };
}

/**
 * Where slide `i` sits relative to the current one, in slide widths: 0 is on show, -1 just left,
 * +1 just right. Offsets wrap around, so after the last slide the first is the right neighbour
 * and the loop always moves forward.
 */
export function slideOffset(i: number, index: number, count: number): number {
  let offset = (((i - index) % count) + count) % count;
  if (offset > count / 2) offset -= count;
  return offset;
}

import { describe, expect, it } from 'vitest';
import { carouselReducer, initialCarousel, pickRandom, slideOffset } from './carousel';
import { CAROUSEL_IMAGES } from './carouselImages';

/** A deterministic [0, 1) source: a small linear congruential generator. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('pickRandom', () => {
  it('chooses 6 distinct images of the 24', () => {
    expect(CAROUSEL_IMAGES).toHaveLength(24);
    for (let seed = 1; seed <= 200; seed += 1) {
      const chosen = pickRandom(CAROUSEL_IMAGES, 6, seeded(seed));
      expect(chosen).toHaveLength(6);
      expect(new Set(chosen.map((i) => i.src)).size).toBe(6);
    }
  });

  it('follows the random source it is given', () => {
    // Always 0: each step keeps the first remaining item, so the order is unchanged.
    expect(pickRandom(['a', 'b', 'c', 'd'], 3, () => 0)).toEqual(['a', 'b', 'c']);
    // Always just under 1: each step swaps in the last item of the pool ([d b c a], [d a c b], …).
    expect(pickRandom(['a', 'b', 'c', 'd'], 3, () => 0.999)).toEqual(['d', 'a', 'b']);
    expect(pickRandom(CAROUSEL_IMAGES, 6, seeded(7))).toEqual(pickRandom(CAROUSEL_IMAGES, 6, seeded(7)));
  });

  it('reaches every image over many visits and leaves the pool untouched', () => {
    const pool = [...CAROUSEL_IMAGES];
    const seen = new Set<string>();
    const random = seeded(3);
    for (let visit = 0; visit < 100; visit += 1) for (const image of pickRandom(pool, 6, random)) seen.add(image.src);
    expect(seen.size).toBe(24);
    expect(pool).toEqual([...CAROUSEL_IMAGES]);
  });

  it('never returns more than the pool holds', () => {
    expect(pickRandom([1, 2], 6, () => 0.5)).toHaveLength(2);
  });
});

describe('carouselReducer', () => {
  it('moves forward and back, looping at both ends', () => {
    let s = initialCarousel(6);
    s = carouselReducer(s, { type: 'prev' });
    expect(s).toMatchObject({ index: 5, previous: 0, direction: -1, transitioning: true });
    s = carouselReducer(s, { type: 'transitionEnd' });
    s = carouselReducer(s, { type: 'next' });
    expect(s).toMatchObject({ index: 0, previous: 5, direction: 1 });
  });

  it('ignores every move while a transition runs', () => {
    let s = carouselReducer(initialCarousel(6), { type: 'next' });
    expect(s.index).toBe(1);
    for (const action of [{ type: 'next' }, { type: 'prev' }, { type: 'goto', index: 4 }] as const) {
      expect(carouselReducer(s, action)).toBe(s);
    }
    s = carouselReducer(s, { type: 'transitionEnd' });
    expect(carouselReducer(s, { type: 'goto', index: 4 })).toMatchObject({ index: 4, direction: 1 });
  });

  it('goes to a dot, ignoring the current one and out-of-range ones', () => {
    const s = initialCarousel(6);
    expect(carouselReducer(s, { type: 'goto', index: 0 })).toBe(s);
    expect(carouselReducer(s, { type: 'goto', index: 6 })).toBe(s);
    expect(carouselReducer({ ...s, index: 3 }, { type: 'goto', index: 1 })).toMatchObject({ index: 1, direction: -1 });
  });

  it('has no transition to wait for without animation (reduced motion)', () => {
    const s = carouselReducer(initialCarousel(6), { type: 'next' }, false);
    expect(s).toMatchObject({ index: 1, transitioning: false });
    expect(carouselReducer(s, { type: 'next' }, false).index).toBe(2);
  });
});

describe('slideOffset', () => {
  it('puts the next slide on the right and the previous on the left, wrapping around', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => slideOffset(i, 0, 6))).toEqual([0, 1, 2, 3, -2, -1]);
    expect(slideOffset(0, 5, 6)).toBe(1);
    expect(slideOffset(5, 0, 6)).toBe(-1);
  });
});

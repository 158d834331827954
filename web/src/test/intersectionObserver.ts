// A stand-in IntersectionObserver for jsdom (which has none): tests read the options each
// observer was made with and report entries to it by hand.
import { vi } from 'vitest';

export interface FakeObserver {
  callback: IntersectionObserverCallback;
  options: IntersectionObserverInit;
  targets: Element[];
  /** Reports `ratio` for `target` (visible when ratio > 0). */
  report: (target: Element, ratio: number) => void;
}

export function installIntersectionObserver(): FakeObserver[] {
  const observers: FakeObserver[] = [];
  class FakeIntersectionObserver {
    private fake: FakeObserver;
    constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
      const fake: FakeObserver = {
        callback,
        options,
        targets: [],
        report: (target, ratio) => {
          const entry = {
            target,
            intersectionRatio: ratio,
            isIntersecting: ratio > 0,
            boundingClientRect: target.getBoundingClientRect(),
          } as IntersectionObserverEntry;
          callback([entry], this as unknown as IntersectionObserver);
        },
      };
      this.fake = fake;
      observers.push(fake);
    }
    observe(target: Element) {
      this.fake.targets.push(target);
    }
    unobserve() {}
    disconnect() {
      this.fake.targets = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return observers;
}

/** The observer watching `target`. */
export function observerOf(observers: FakeObserver[], target: Element): FakeObserver {
  const found = observers.find((o) => o.targets.includes(target));
  if (!found) throw new Error('ningún IntersectionObserver observa ese elemento');
  return found;
}

import { useEffect, useState } from 'react';

/**
 * How many of `total` items are shown: once `started`, the first at once and one more every
 * `stepMs` (§9: metrics 150 ms, reasons 300 ms), so item i appears at i × stepMs. With `instant`
 * (reduced motion) all at once.
 */
export function useStaggered(total: number, stepMs: number, started: boolean, instant = false): number {
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (!started || shown >= total) return undefined;
    if (instant) {
      setShown(total);
      return undefined;
    }
    if (shown === 0) {
      setShown(1);
      return undefined;
    }
    const timer = window.setTimeout(() => setShown((s) => s + 1), stepMs);
    return () => window.clearTimeout(timer);
  }, [started, shown, total, stepMs, instant]);
  return shown;
}

import { useEffect, useState } from 'react';

/** Whole seconds left until `target` (epoch ms), rounded up so 0 means "over"; 0 when unknown. */
export function secondsLeft(target: number | null, now: number): number {
  if (target === null) return 0;
  return Math.max(0, Math.ceil((target - now) / 1000));
}

/** 300 → '5:00', 59 → '0:59'. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The seconds left until `target`, re-rendering as each second passes. Computed from the clock
 * rather than by counting ticks, so a throttled background tab shows the right time on return.
 */
export function useCountdown(target: number | null): number {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    setNow(Date.now());
    if (target === null) return;
    let timer: number | undefined;
    const tick = () => {
      const current = Date.now();
      setNow(current);
      const left = target - current;
      if (left <= 0) return;
      // Wake when the displayed second changes, not on a drifting 1 s interval.
      timer = window.setTimeout(tick, left % 1000 || 1000);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [target]);

  return secondsLeft(target, now);
}

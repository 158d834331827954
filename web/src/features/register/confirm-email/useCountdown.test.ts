import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, secondsLeft, useCountdown } from './useCountdown';

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(61)).toBe('1:01');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-4)).toBe('0:00');
  });
});

describe('secondsLeft', () => {
  it('rounds up so the last partial second still counts, and never goes below 0', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 20_000)).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });
});

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts a fresh code down from 5:00 to 0 and stops there', () => {
    const target = Date.now() + 300_000;
    const { result } = renderHook(() => useCountdown(target));
    expect(formatCountdown(result.current)).toBe('5:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(formatCountdown(result.current)).toBe('4:59');
    act(() => vi.advanceTimersByTime(59_000));
    expect(formatCountdown(result.current)).toBe('4:00');
    act(() => vi.advanceTimersByTime(240_000));
    expect(result.current).toBe(0);
    act(() => vi.advanceTimersByTime(5_000));
    expect(result.current).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('restarts when the target moves (a new code)', () => {
    let target = Date.now() + 2_000;
    const { result, rerender } = renderHook(() => useCountdown(target));
    act(() => vi.advanceTimersByTime(3_000));
    expect(result.current).toBe(0);
    target = Date.now() + 60_000;
    rerender();
    expect(result.current).toBe(60);
    act(() => vi.advanceTimersByTime(15_000));
    expect(result.current).toBe(45);
  });

  it('is 0 while the target is unknown', () => {
    const { result } = renderHook(() => useCountdown(null));
    expect(result.current).toBe(0);
  });
});

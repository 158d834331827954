import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { useDebouncedValue } from './useDebouncedValue';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the new value only once it has stayed unchanged for the delay', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 1500), {
      initialProps: { value: 'Calle' },
    });
    expect(result.current).toBe('Calle');
    rerender({ value: 'Calle M' });
    act(() => vi.advanceTimersByTime(1000));
    rerender({ value: 'Calle Mayor' });
    // 1000 ms after the first change and 1499 after the last: still the old value.
    act(() => vi.advanceTimersByTime(1499));
    expect(result.current).toBe('Calle');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('Calle Mayor');
  });
});

import { useEffect, useRef } from 'react';
import { subscribeLive, type LiveListener } from './useLiveStore';

/**
 * Keeps the live feed open while the calling component is mounted and hands it each change and
 * each resync. The handlers may change on every render: the latest ones are called.
 */
export function useLiveFeed(listener: LiveListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });

  useEffect(
    () =>
      subscribeLive({
        onChange: (change) => latest.current.onChange?.(change),
        onResync: () => latest.current.onResync?.(),
      }),
    [],
  );
}

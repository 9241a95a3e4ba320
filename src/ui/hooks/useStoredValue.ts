import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { StoredKey } from '../../storage/store';

/**
 * The current value of a stored key, re-rendering when it changes in this tab or another one.
 * The parsed value is cached per raw change so React sees a stable snapshot.
 */
export function useStoredValue<T>(stored: StoredKey<T>): T {
  const cache = useRef<{ version: number; value: T } | null>(null);
  const version = useRef(0);
  const subscribe = useCallback(
    (onChange: () => void) =>
      stored.subscribe(() => {
        version.current += 1;
        onChange();
      }),
    [stored],
  );
  const getSnapshot = useCallback(() => {
    if (!cache.current || cache.current.version !== version.current) {
      cache.current = { version: version.current, value: stored.read() };
    }
    return cache.current.value;
  }, [stored]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, kept in sync with the viewport. On the server (and during hydration, so the
 * first client render matches the server's HTML) it is false; CSS lays the page out meanwhile.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

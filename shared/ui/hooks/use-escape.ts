import { useEffect } from 'react';

/**
 * While `active`, Escape anywhere in the document calls `onEscape` (WCAG 1.4.13: what pops up can be dismissed without
 * moving the pointer or focus). It gets the event: a handler nearer the focus may have dealt with it already
 * (`defaultPrevented`).
 */
export function useEscape(active: boolean, onEscape: (event: KeyboardEvent) => void) {
  useEffect(() => {
    if (!active) return;
    const listener = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape(event);
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, [active, onEscape]);
}

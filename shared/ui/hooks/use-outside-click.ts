import { useEffect, type RefObject } from 'react';

/** Call `onOutside` when a pointer goes down outside `ref` while `active`. */
export function useOutsideClick(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return;
    const listener = (event: PointerEvent) => {
      const target = event.target instanceof Node ? event.target : null;
      if (ref.current && !ref.current.contains(target)) onOutside();
    };
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [ref, active, onOutside]);
}

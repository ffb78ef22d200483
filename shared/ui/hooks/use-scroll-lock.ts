import { useEffect } from 'react';

let locks = 0;
let saved: { rootOverflow: string; overflow: string; paddingRight: string; x: number; y: number } | null = null;

/**
 * Lock page scrolling while `active` (menu, modal, lightbox); nested locks are counted; the old styles and the
 * scroll position are restored after.
 */
export function useScrollLock(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const root = document.documentElement;
    const body = document.body;
    if (locks === 0) {
      saved = {
        rootOverflow: root.style.overflow,
        overflow: body.style.overflow,
        paddingRight: body.style.paddingRight,
        x: window.scrollX,
        y: window.scrollY,
      };
      const scrollbar = window.innerWidth - root.clientWidth;
      root.style.overflow = 'hidden';
      body.style.overflow = 'hidden';
      // keep the layout from jumping when the scrollbar disappears
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    }
    locks += 1;
    return () => {
      locks -= 1;
      if (locks === 0 && saved) {
        root.style.overflow = saved.rootOverflow;
        body.style.overflow = saved.overflow;
        body.style.paddingRight = saved.paddingRight;
        if (window.scrollX !== saved.x || window.scrollY !== saved.y) window.scrollTo(saved.x, saved.y);
        saved = null;
      }
    };
  }, [active]);
}

import { useEffect, useRef, useState } from 'react';

/**
 * The width of an element as the browser lays it out (at least `min`), `initial` until it is measured (and on the
 * server); changes of a pixel or less are ignored. Returns the ref to put on the element and the width.
 */
export function useMeasuredWidth(initial: number, min: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.max(min, Math.round(entry?.contentRect.width ?? initial));
      setWidth((current) => (Math.abs(current - next) > 1 ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [initial, min]);
  return { ref, width };
}

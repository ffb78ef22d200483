import type React from 'react';
import { useEffect, useRef, useState } from 'react';
import { TOOLTIP } from '../../../constants.ts';

/**
 * The tooltip timing of shared/ui/Tooltip.tsx (SPEC §9) for chart marks, which live inside an SVG and so
 * cannot be wrapped in its HTML anchor: shown 200 ms after hover or focus, hidden at once (the dropdown delay, 0) on
 * leave or blur; on touch, lifting the finger hides it only when it moved less than 20 px. Returns the index shown
 * and the handlers to spread on each mark.
 */
export function useChartTooltip() {
  const [active, setActive] = useState<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touch = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (index: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setActive(index), TOOLTIP.showDelayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (TOOLTIP.dropdownHideDelayMs === 0) setActive(null);
    else timer.current = setTimeout(() => setActive(null), TOOLTIP.dropdownHideDelayMs);
  };

  const handlers = (index: number) => ({
    onPointerEnter: (e: React.PointerEvent) => e.pointerType !== 'touch' && show(index),
    onPointerLeave: (e: React.PointerEvent) => e.pointerType !== 'touch' && hide(),
    onFocus: () => show(index),
    onBlur: hide,
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    },
    onTouchStart: (e: React.TouchEvent) => {
      const t = e.touches[0];
      touch.current = t ? { x: t.clientX, y: t.clientY } : null;
      show(index);
    },
    onTouchEnd: (e: React.TouchEvent) => {
      const t = e.changedTouches[0];
      const start = touch.current;
      const moved = start && t ? Math.hypot(t.clientX - start.x, t.clientY - start.y) : Infinity;
      if (moved < TOOLTIP.touchMoveTolerancePx) hide();
      touch.current = null;
    },
  });

  return { active, handlers };
}

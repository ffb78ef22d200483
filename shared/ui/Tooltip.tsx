import type React from 'react';
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { TOOLTIP } from '../constants.ts';
import { useEscape } from './hooks/use-escape.ts';

interface TriggerProps {
  'aria-describedby'?: string;
}

/**
 * A text tip for an icon control (SPEC §9): shown 200 ms after hover or focus, hidden after `hideDelay` (0 for
 * dropdowns, 400 ms in menus), placed 5 px from its trigger. On touch, a tap shows it and lifting the finger hides it
 * only when the finger moved less than 20 px (a scroll does not count as a tap). Escape hides it at once.
 */
export function Tooltip({
  text,
  hideDelay = TOOLTIP.dropdownHideDelayMs,
  children,
}: {
  text: string;
  hideDelay?: number;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const touch = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  // WCAG 1.4.13: a shown tip can be dismissed without moving the pointer or focus (Escape); other Escape handlers
  // (a popup closing) still see the key
  useEscape(visible, () => {
    clearTimeout(timer.current);
    setVisible(false);
  });

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setVisible(true), TOOLTIP.showDelayMs);
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (hideDelay === 0) setVisible(false);
    else timer.current = setTimeout(() => setVisible(false), hideDelay);
  };

  const onTouchStart = (e: React.TouchEvent) => {
    const t = e.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
    show();
  };
  const onTouchEnd = (e: React.TouchEvent) => {
    const t = e.changedTouches[0];
    const start = touch.current;
    const moved = start && t ? Math.hypot(t.clientX - start.x, t.clientY - start.y) : Infinity;
    if (moved < TOOLTIP.touchMoveTolerancePx) hide();
    touch.current = null;
  };
  const trigger = cloneElement(children, { 'aria-describedby': visible ? id : undefined });
  return (
    // the anchor listens for its trigger: pointer, focus (React's focus events bubble) and touch
    <span
      className="tooltip-anchor"
      onPointerEnter={(e) => e.pointerType !== 'touch' && show()}
      onPointerLeave={(e) => e.pointerType !== 'touch' && hide()}
      onFocus={show}
      onBlur={hide}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      {trigger}
      {visible ? (
        <span id={id} role="tooltip" className="tooltip" style={{ marginTop: TOOLTIP.distancePx }}>
          {text}
        </span>
      ) : null}
    </span>
  );
}

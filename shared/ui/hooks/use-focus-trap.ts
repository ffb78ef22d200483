import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface FocusTrapOptions {
  /** what gets focus first (default: the first focusable element, or the container) */
  initialFocus?: RefObject<HTMLElement | null>;
  /** where focus goes when released (default: whatever had it before) */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * While `active`: move focus into `ref`, keep Tab and Shift+Tab inside it, bring back focus that lands outside (a
 * screen reader's cursor, a script), and give focus back when released.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, options: FocusTrapOptions = {}) {
  const { initialFocus, returnFocus } = options;
  useEffect(() => {
    const container = ref.current;
    if (!active || !container) return;
    const before =
      returnFocus?.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const focusables = () =>
      [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.getClientRects().length > 0 || el === document.activeElement,
      );
    const focusFirst = () => (initialFocus?.current ?? focusables()[0] ?? container).focus();
    focusFirst();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const items = focusables();
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      if (event.shiftKey && (document.activeElement === first || !container.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !container.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !container.contains(event.target)) focusFirst();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocusIn);
      if (before?.isConnected) before.focus();
    };
  }, [ref, active, initialFocus, returnFocus]);
}

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../constants.ts';
import type { MenuItem } from '../../schemas/menu.ts';
import { useEscape } from '../hooks/use-escape.ts';

/**
 * The desktop dropdowns of the site menu (SiteMenu.tsx): which one is open, opened on hover, click, Enter/Space or
 * ArrowDown (never on focus alone), closed 200 ms after the pointer leaves or on Escape; the arrow keys move inside a
 * dropdown and between top-level items. `compact`: the narrow layout, where the keys do nothing. Put `list` on the
 * top-level <ul> and `onKeyDown` on each of its items.
 */
export function useDesktopDropdowns(compact: boolean) {
  const [dropdown, setDropdown] = useState<number | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // a dropdown opened by hover stays open on the click that usually follows; one opened by click closes on the next
  const openedByClick = useRef(false);
  const openNow = (id: number, byClick = false) => {
    clearTimeout(closeTimer.current);
    openedByClick.current = byClick;
    setDropdown(id);
  };
  const toggleDropdown = (id: number) => {
    if (dropdown === id && openedByClick.current) setDropdown(null);
    else openNow(id, true);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setDropdown(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  // Escape closes a dropdown opened by hover too, wherever focus is (WCAG 1.4.13); with focus inside it, the item's
  // own handler below has already closed it and put focus back on the trigger
  useEscape(dropdown !== null, (e) => {
    if (!e.defaultPrevented) setDropdown(null);
  });

  const list = useRef<HTMLUListElement>(null);
  const topLevel = () => [
    ...(list.current?.querySelectorAll<HTMLElement>(
      ':scope > li > .main-nav__trigger, :scope > li > .main-nav__link',
    ) ?? []),
  ];
  const itemsOf = (li: Element | null) => [...(li?.querySelectorAll<HTMLElement>('.main-nav__dropdown a') ?? [])];
  const triggerOf = (li: Element | null) => li?.querySelector<HTMLElement>('.main-nav__trigger');

  /** Desktop keys (the narrow layout is a plain list of buttons and links). */
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, item: MenuItem) => {
    if (compact) return;
    const li = event.currentTarget;
    const inside = itemsOf(li);
    const index = event.target instanceof HTMLElement ? inside.indexOf(event.target) : -1;
    const tops = topLevel();
    const topIndex = tops.indexOf(li.querySelector<HTMLElement>('.main-nav__trigger, .main-nav__link') ?? li);
    switch (event.key) {
      case 'Escape':
        if (dropdown !== null) {
          event.preventDefault();
          setDropdown(null);
          triggerOf(li)?.focus();
        }
        break;
      case 'ArrowDown':
        if (item.subitems.length === 0) return;
        event.preventDefault();
        // commit the open dropdown now, so its first link can take focus at once
        flushSync(() => openNow(item.id));
        itemsOf(li)[index < 0 ? 0 : Math.min(index + 1, inside.length - 1)]?.focus();
        break;
      case 'ArrowUp':
        if (index < 0) return;
        event.preventDefault();
        (index === 0 ? triggerOf(li) : inside[index - 1])?.focus();
        break;
      case 'ArrowRight':
      case 'ArrowLeft': {
        event.preventDefault();
        const next = tops[(topIndex + (event.key === 'ArrowRight' ? 1 : tops.length - 1)) % tops.length];
        setDropdown(null);
        next?.focus();
        break;
      }
    }
  };

  return { dropdown, setDropdown, openNow, toggleDropdown, closeSoon, list, onKeyDown };
}

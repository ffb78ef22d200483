import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import type { MenuItem } from '../../../shared/schemas/menu.ts';
import { useI18n } from '../../i18n.ts';
import { isActive, MenuLink } from './nav-links.tsx';

/**
 * Desktop navigation (SPEC §2): items with subitems open a dropdown on hover, click, Enter/Space or ArrowDown — never
 * on focus alone (WCAG 2.2 3.2.1), so Tab walks the top level only; it closes 200 ms after the pointer leaves, when
 * focus leaves it, or on Escape (focus back on the trigger). ArrowUp/ArrowDown move inside the dropdown,
 * ArrowLeft/ArrowRight between top-level items. Before hydration CSS opens it on hover and focus-within, so it works
 * without JavaScript.
 */
export function DesktopNav({ menu }: { menu: MenuItem[] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<number | null>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const list = useRef<HTMLUListElement>(null);
  // focus given back to a trigger by Escape must not reopen its dropdown
  const focusWithoutOpening = useRef(false);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // a navigation closes any open dropdown (state adjusted during render, as React recommends)
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setOpen(null);
  }

  // a dropdown opened by hover stays open on the click that usually follows; one opened by click closes on the next
  const openedByClick = useRef(false);
  const openNow = (id: number, byClick = false) => {
    clearTimeout(closeTimer.current);
    openedByClick.current = byClick;
    setOpen(id);
  };
  const toggle = (id: number) => {
    if (open === id && openedByClick.current) setOpen(null);
    else openNow(id, true);
  };
  const closeSoon = () => {
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(null), DROPDOWN_CLOSE_DELAY_MS);
  };

  const topLevel = () => [
    ...(list.current?.querySelectorAll<HTMLElement>(
      ':scope > li > .main-nav__trigger, :scope > li > .main-nav__link',
    ) ?? []),
  ];
  const itemsOf = (li: Element | null) => [...(li?.querySelectorAll<HTMLElement>('.main-nav__dropdown a') ?? [])];

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>, item: MenuItem) => {
    const li = (event.target as HTMLElement).closest('.main-nav__item');
    const inside = itemsOf(li);
    const index = inside.indexOf(event.target as HTMLElement);
    const tops = topLevel();
    const topIndex = tops.indexOf(
      li?.querySelector<HTMLElement>('.main-nav__trigger, .main-nav__link') ?? document.body,
    );
    switch (event.key) {
      case 'Escape':
        if (open !== null) {
          event.preventDefault();
          setOpen(null);
          focusWithoutOpening.current = true;
          li?.querySelector<HTMLElement>('.main-nav__trigger')?.focus();
          focusWithoutOpening.current = false;
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
        if (index === 0) {
          focusWithoutOpening.current = true;
          li?.querySelector<HTMLElement>('.main-nav__trigger')?.focus();
          focusWithoutOpening.current = false;
        } else inside[index - 1]?.focus();
        break;
      case 'ArrowRight':
      case 'ArrowLeft': {
        event.preventDefault();
        const next = tops[(topIndex + (event.key === 'ArrowRight' ? 1 : tops.length - 1)) % tops.length];
        setOpen(null);
        next?.focus();
        break;
      }
    }
  };

  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      <ul className="main-nav__list" ref={list}>
        {menu.map((item) => {
          const active = isActive(pathname, item.url) || item.subitems.some((s) => isActive(pathname, s.url));
          const expanded = open === item.id;
          return (
            <li
              key={item.id}
              className={`main-nav__item${active ? ' is-active' : ''}${expanded ? ' is-open' : ''}`}
              onPointerEnter={(e) => e.pointerType !== 'touch' && item.subitems.length > 0 && openNow(item.id)}
              onPointerLeave={(e) => e.pointerType !== 'touch' && closeSoon()}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null))
                  setOpen((current) => (current === item.id ? null : current));
              }}
              onKeyDown={(e) => onKeyDown(e as unknown as KeyboardEvent<HTMLUListElement>, item)}
            >
              {item.subitems.length > 0 ? (
                <>
                  <button
                    type="button"
                    className="main-nav__trigger"
                    aria-haspopup="true"
                    aria-expanded={expanded}
                    aria-controls={`nav-dropdown-${item.id}`}
                    onClick={() => toggle(item.id)}
                  >
                    {item.title}
                  </button>
                  <ul className="main-nav__dropdown" id={`nav-dropdown-${item.id}`}>
                    {item.subitems.map((sub) => (
                      <li key={sub.id}>
                        <MenuLink url={sub.url} title={sub.title} className="main-nav__sublink" />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <MenuLink url={item.url} title={item.title} className="main-nav__link" />
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

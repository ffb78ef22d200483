import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { DROPDOWN_CLOSE_DELAY_MS } from '../../../shared/constants.ts';
import type { MenuItem } from '../../../shared/schemas/menu.ts';
import { useI18n } from '../../i18n.ts';
import { isActive, MenuLink } from './nav-links.tsx';

/**
 * Desktop navigation (SPEC §2): items with subitems open a dropdown on hover or focus, which closes 200 ms after the
 * pointer leaves. Keyboard: focus or ArrowDown opens, Escape closes (focus back on the trigger), ArrowUp/ArrowDown
 * move inside the dropdown, ArrowLeft/ArrowRight move between top-level items.
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

  const openNow = (id: number) => {
    clearTimeout(closeTimer.current);
    setOpen(id);
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
        openNow(item.id);
        // wait for the dropdown to be shown before focusing into it
        requestAnimationFrame(() => itemsOf(li)[index < 0 ? 0 : Math.min(index + 1, inside.length - 1)]?.focus());
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
              onFocus={() => !focusWithoutOpening.current && item.subitems.length > 0 && openNow(item.id)}
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
                    onClick={() => openNow(item.id)}
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

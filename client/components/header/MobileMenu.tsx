import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuItem } from '../../../shared/schemas/menu.ts';
import { useScrollLock } from '../../hooks/use-scroll-lock.ts';
import { useI18n } from '../../i18n.ts';
import { LanguageButtons } from '../LanguageSwitcher.tsx';
import { isActive, MenuLink } from './nav-links.tsx';
import { SearchBar } from './SearchBar.tsx';

export const MOBILE_MENU_ID = 'mobile-menu';

/**
 * Mobile menu (SPEC §2): the hamburger switches between menu and close icons; while open the page does not scroll;
 * it has its own search box, language buttons and an accordion (one item open at a time); choosing a link closes it.
 * It is a <details> whose <summary> is the hamburger, so it opens without JavaScript too (every section link is then
 * shown, main.css); once hydrated React drives `open`. Escape closes it and gives focus back to the hamburger.
 */
export function MobileMenu({ menu }: { menu: MenuItem[] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<number | null>(null);
  useScrollLock(open);
  // any navigation (link, search, back) closes the menu (state adjusted during render, as React recommends)
  const { key } = useLocation();
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setOpen(false);
  }
  const summary = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      summary.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => setOpen(false);

  return (
    <details
      className="mobile-menu"
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== open) setOpen(now);
      }}
    >
      <summary
        ref={summary}
        className="hamburger"
        aria-expanded={open}
        aria-controls={MOBILE_MENU_ID}
        aria-label={open ? t('header.menuClose') : t('header.menuOpen')}
        onClick={(e) => {
          e.preventDefault();
          setOpen((v) => !v);
        }}
      >
        {open ? (
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" data-icon="close">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        ) : (
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" data-icon="menu">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        )}
      </summary>
      <div id={MOBILE_MENU_ID} className="mobile-menu__panel">
        <SearchBar idPrefix="mobile-search" onSubmitted={close} />
        <nav aria-label={t('nav.label')}>
          <ul className="accordion">
            {menu.map((item) => {
              const active = isActive(pathname, item.url) || item.subitems.some((s) => isActive(pathname, s.url));
              const isOpen = expanded === item.id;
              return (
                <li key={item.id} className={`accordion__item${active ? ' is-active' : ''}`}>
                  {item.subitems.length > 0 ? (
                    <>
                      <button
                        type="button"
                        className="accordion__toggle"
                        aria-expanded={isOpen}
                        aria-controls={`accordion-${item.id}`}
                        onClick={() => setExpanded(isOpen ? null : item.id)}
                      >
                        {item.title}
                        <span aria-hidden="true" className="accordion__caret">
                          {isOpen ? '−' : '+'}
                        </span>
                      </button>
                      <ul id={`accordion-${item.id}`} className="accordion__panel" hidden={!isOpen}>
                        {item.subitems.map((sub) => (
                          <li key={sub.id}>
                            <MenuLink url={sub.url} title={sub.title} className="accordion__link" onClick={close} />
                          </li>
                        ))}
                      </ul>
                    </>
                  ) : (
                    <MenuLink url={item.url} title={item.title} className="accordion__toggle" onClick={close} />
                  )}
                </li>
              );
            })}
          </ul>
        </nav>
        <LanguageButtons />
      </div>
    </details>
  );
}

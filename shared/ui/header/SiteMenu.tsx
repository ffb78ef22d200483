import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { MenuItem } from '../../schemas/menu.ts';
import { useEscape } from '../hooks/use-escape.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { useScrollLock } from '../hooks/use-scroll-lock.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { LanguageButtons } from '../LanguageSwitcher.tsx';
import { isActive, MenuLink } from './nav-links.tsx';
import { SearchBar } from './SearchBar.tsx';
import { RenderOnce } from '../fast-paths/RenderOnce.tsx';
import { useDesktopDropdowns } from './use-desktop-dropdowns.ts';

export const MOBILE_MENU_ID = 'mobile-menu';
/** Below this width the menu is the hamburger's panel (the same query as in chrome.css). */
export const COMPACT_MENU_QUERY = '(max-width: 960px)';

const HamburgerIcon = ({ open }: { open: boolean }) =>
  open ? (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" data-icon="close">
      <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  ) : (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" data-icon="menu">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );

/** A top-level item with links under it: its trigger and their list (a desktop dropdown, or the mobile accordion's). */
function Submenu({
  item,
  open,
  compact,
  onTrigger,
  onNavigate,
}: {
  item: MenuItem;
  open: boolean;
  compact: boolean;
  onTrigger: () => void;
  /** a link was followed (it closes the mobile menu) */
  onNavigate: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="main-nav__trigger"
        aria-haspopup={compact ? undefined : 'true'}
        aria-expanded={open}
        aria-controls={`nav-dropdown-${item.id}`}
        onClick={onTrigger}
      >
        {item.title}
      </button>
      <ul className="main-nav__dropdown" id={`nav-dropdown-${item.id}`}>
        {item.subitems.map((sub) => (
          <li key={sub.id}>
            <MenuLink url={sub.url} title={sub.title} className="main-nav__sublink" onClick={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The site menu (SPEC §2), rendered ONCE: a <details> whose <summary> is the hamburger and whose content is the
 * navigation (plus a search box and language buttons for narrow screens). CSS lays it out (chrome.css): above 960 px
 * the summary is hidden and the content is shown in the header row as desktop dropdowns; below, it is the mobile
 * menu, which opens without JavaScript because it is a <details> (every section link is then listed).
 *
 * Desktop, once hydrated: a dropdown opens on hover, click, Enter/Space or ArrowDown — never on focus alone (WCAG
 * 2.2 3.2.1), so Tab walks the top level only; it closes 200 ms after the pointer leaves, when focus leaves it, or on
 * Escape (focus back on the trigger). ArrowUp/ArrowDown move inside it, ArrowLeft/ArrowRight between top-level items.
 * Mobile: the hamburger switches between menu and close icons; while open the page does not scroll; the items are
 * an accordion (one open at a time, kept while the menu is closed); a link, a search or Escape closes it (Escape
 * gives focus back to the hamburger). The desktop dropdowns and their keys are `use-desktop-dropdowns.ts`.
 */
export function SiteMenu({ menu }: { menu: MenuItem[] }) {
  const { t, locale } = useI18n();
  const { pathname, key } = useLocation();
  const compact = useMediaQuery(COMPACT_MENU_QUERY);
  const [menuOpen, setMenuOpen] = useState(false);
  const { dropdown, setDropdown, openNow, toggleDropdown, closeSoon, list, onKeyDown } = useDesktopDropdowns(compact);
  const [expanded, setExpanded] = useState<number | null>(null);
  // a navigation closes the menu and any dropdown (state adjusted during render, as React recommends)
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setMenuOpen(false);
    setDropdown(null);
  }
  // the page scrolls under the desktop layout (a menu left open by widening the window shows as the desktop row)
  useScrollLock(menuOpen && compact);

  // while the menu is open, Escape closes it and gives focus back to the hamburger
  const summary = useRef<HTMLElement>(null);
  useEscape(menuOpen, () => {
    setMenuOpen(false);
    summary.current?.focus();
  });
  const closeMenu = () => setMenuOpen(false);

  return (
    <details
      className="mobile-menu"
      open={menuOpen}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== menuOpen) setMenuOpen(now);
      }}
    >
      <summary
        ref={summary}
        className="hamburger"
        aria-expanded={menuOpen}
        aria-controls={MOBILE_MENU_ID}
        aria-label={menuOpen ? t('header.menuClose') : t('header.menuOpen')}
        onClick={(e) => {
          e.preventDefault();
          setMenuOpen((v) => !v);
        }}
      >
        <HamburgerIcon open={menuOpen} />
      </summary>
      <div id={MOBILE_MENU_ID} className="mobile-menu__panel">
        <div className="mobile-menu__search">
          <SearchBar idPrefix="mobile-search" onSubmitted={closeMenu} />
        </div>
        {/* on the server, made once per menu, locale and state (open items, the current and active links) */}
        <RenderOnce
          as="nav"
          className="main-nav"
          aria-label={t('nav.label')}
          source={menu}
          cacheKey={[
            locale,
            compact,
            dropdown,
            expanded,
            ...menu
              .flatMap((item) => [item, ...item.subitems])
              .map((i) => (pathname === i.url ? 2 : isActive(pathname, i.url) ? 1 : 0)),
          ].join(':')}
        >
          <ul className="main-nav__list" ref={list}>
            {menu.map((item) => {
              const active = isActive(pathname, item.url) || item.subitems.some((s) => isActive(pathname, s.url));
              const isOpen = (compact ? expanded : dropdown) === item.id;
              return (
                <li
                  key={item.id}
                  className={`main-nav__item${active ? ' is-active' : ''}${isOpen ? ' is-open' : ''}`}
                  onPointerEnter={(e) =>
                    !compact && e.pointerType !== 'touch' && item.subitems.length > 0 && openNow(item.id)
                  }
                  onPointerLeave={(e) => !compact && e.pointerType !== 'touch' && closeSoon()}
                  onBlur={(e) => {
                    const to = e.relatedTarget instanceof Node ? e.relatedTarget : null;
                    if (!compact && !e.currentTarget.contains(to))
                      setDropdown((current) => (current === item.id ? null : current));
                  }}
                  onKeyDown={(e) => onKeyDown(e, item)}
                >
                  {item.subitems.length > 0 ? (
                    <Submenu
                      item={item}
                      open={isOpen}
                      compact={compact}
                      onTrigger={() => (compact ? setExpanded(isOpen ? null : item.id) : toggleDropdown(item.id))}
                      onNavigate={closeMenu}
                    />
                  ) : (
                    <MenuLink url={item.url} title={item.title} className="main-nav__link" onClick={closeMenu} />
                  )}
                </li>
              );
            })}
          </ul>
        </RenderOnce>
        <LanguageButtons />
      </div>
    </details>
  );
}

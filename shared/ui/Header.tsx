import { useRef, useState } from 'react';
import { AppLink } from './fast-paths/AppLink.tsx';
import { TOOLTIP } from '../constants.ts';
import type { MenuItem } from '../schemas/menu.ts';
import { useOutsideClick } from './hooks/use-outside-click.ts';
import { LOCALE_INFO } from '../locales.ts';
import { useI18n } from '../i18n/use-i18n.ts';
import { SearchBar, SearchIcon } from './header/SearchBar.tsx';
import { SiteMenu } from './header/SiteMenu.tsx';
import { LanguageDropdown } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';
import { Tooltip } from './Tooltip.tsx';

/** Header: logo, the site menu (desktop row or mobile menu, rendered once), search toggle, language dropdown. */
export function Header({ menu }: { menu: MenuItem[] }) {
  const { t, locale } = useI18n();
  const [searchOpen, setSearchOpen] = useState(false);
  const searchArea = useRef<HTMLDivElement>(null);
  const searchToggle = useRef<HTMLAnchorElement>(null);
  useOutsideClick(searchArea, searchOpen, () => setSearchOpen(false));
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <AppLink to="/" className="site-header__logo">
          <Logo title={t('site.title')} />
        </AppLink>
        <SiteMenu menu={menu} />
        <div className="site-header__tools" ref={searchArea}>
          <Tooltip text={t('header.searchOpen')} hideDelay={TOOLTIP.menuHideDelayMs}>
            {/* a link to the search page without JavaScript; once hydrated it opens the search box in place */}
            <a
              ref={searchToggle}
              href={`${LOCALE_INFO[locale].basename}/search`}
              className="icon-button search-toggle"
              aria-label={t('header.searchOpen')}
              aria-expanded={searchOpen}
              aria-controls="desktop-search"
              onClick={(e) => {
                e.preventDefault();
                setSearchOpen((v) => !v);
              }}
            >
              <SearchIcon />
            </a>
          </Tooltip>
          <div
            id="desktop-search"
            className="desktop-search"
            hidden={!searchOpen}
            onKeyDown={(e) => {
              // Escape closes the search box and gives focus back to its toggle
              if (e.key === 'Escape') {
                e.preventDefault();
                setSearchOpen(false);
                searchToggle.current?.focus();
              }
            }}
          >
            {searchOpen ? (
              <SearchBar idPrefix="desktop-search" autoFocus onSubmitted={() => setSearchOpen(false)} />
            ) : null}
          </div>
          <LanguageDropdown />
        </div>
      </div>
    </header>
  );
}

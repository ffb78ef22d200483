import { Link, NavLink, useLocation } from 'react-router';
import type { MenuItem } from '../../shared/schemas/menu.ts';
import { useI18n } from '../i18n.ts';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { Logo } from './Logo.tsx';

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** An item is active when the current path contains its url (SPEC §2). */
export const isActive = (pathname: string, url: string) => (url === '/' ? pathname === '/' : pathname.includes(url));

function MenuLink({ url, title, className }: { url: string; title: string; className?: string }) {
  const { pathname } = useLocation();
  if (isExternal(url)) {
    return (
      <a className={className} href={url} target="_blank" rel="noopener noreferrer">
        {title}
      </a>
    );
  }
  return (
    <NavLink className={className} to={url} end aria-current={pathname === url ? 'page' : undefined}>
      {title}
    </NavLink>
  );
}

export function Header({ menu }: { menu: MenuItem[] }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Link to="/" className="site-header__logo">
          <Logo title={t('site.title')} />
        </Link>
        <nav className="main-nav" aria-label={t('nav.label')}>
          <ul className="main-nav__list">
            {menu.map((item) => (
              <li key={item.id} className={`main-nav__item${isActive(pathname, item.url) ? ' is-active' : ''}`}>
                {item.subitems.length > 0 ? (
                  <>
                    <button type="button" className="main-nav__trigger" aria-haspopup="true" aria-expanded="false">
                      {item.title}
                    </button>
                    <ul className="main-nav__dropdown">
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
            ))}
          </ul>
        </nav>
        <LanguageSwitcher variant="short" />
      </div>
    </header>
  );
}

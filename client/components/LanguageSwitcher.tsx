import { useLocation } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALES, type Locale } from '../../shared/constants.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { useI18n } from '../i18n.ts';
import { localePath } from './Seo.tsx';

/** Remember the visitor's choice: the cookie the server reads at `/` (365 days, path /, SameSite=Lax). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/**
 * Links to the same page in each locale, query kept. A switch is a full page load: each locale is its own
 * client router (basename), and the menu and dictionary reload with it.
 */
export function LanguageSwitcher({ variant }: { variant: 'short' | 'full' }) {
  const { locale, t } = useI18n();
  const { pathname, search } = useLocation();
  return (
    <ul className={`lang lang--${variant}`} aria-label={t('header.language')}>
      {LOCALES.map((code) => {
        const info = LOCALE_INFO[code];
        const current = code === locale;
        return (
          <li key={code}>
            <a
              href={localePath(pathname, code) + search}
              hrefLang={code}
              lang={code}
              aria-current={current ? 'true' : undefined}
              className={current ? 'lang__link is-current' : 'lang__link'}
              title={info.name}
              onClick={() => rememberLocale(code)}
            >
              {variant === 'short' ? info.codeName : info.name}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

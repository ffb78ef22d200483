import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, LOCALES, type Locale } from '../constants.ts';
import { LOCALE_INFO, localizePath } from '../locales.ts';
import { useOutsideClick } from './hooks/use-outside-click.ts';
import { useI18n } from '../i18n/use-i18n.ts';

/** Remember the visitor's choice: the cookie the server reads at `/` (365 days, path /, SameSite=Lax). */
export function rememberLocale(locale: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax`;
}

/** Links to the same page in each locale, query kept; a switch is a full page load (each locale is its own router). */
function LocaleLinks({ short }: { short: boolean }) {
  const { locale } = useI18n();
  const { pathname, search } = useLocation();
  return LOCALES.map((code) => {
    const info = LOCALE_INFO[code];
    const current = code === locale;
    return (
      <li key={code}>
        <a
          href={localizePath(pathname, code) + search}
          hrefLang={code}
          lang={code}
          aria-current={current ? 'true' : undefined}
          aria-disabled={current ? 'true' : undefined}
          className={current ? 'lang__link is-current' : 'lang__link'}
          title={info.name}
          onClick={(e) => {
            if (current) e.preventDefault();
            else rememberLocale(code);
          }}
        >
          {short ? info.codeName : info.name}
        </a>
      </li>
    );
  });
}

/** Mobile: the locales as buttons side by side (short labels). */
export function LanguageButtons() {
  const { t } = useI18n();
  return (
    <ul className="lang lang--buttons" aria-label={t('header.language')}>
      <LocaleLinks short />
    </ul>
  );
}

/** Desktop: a dropdown showing the current locale's short label, listing the locales by name. */
export function LanguageDropdown() {
  const { t, locale } = useI18n();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useOutsideClick(root, open, () => setOpen(false));
  return (
    <div
      ref={root}
      className={`lang-dropdown${open ? ' is-open' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector('button')?.focus();
        }
      }}
    >
      <button
        type="button"
        className="lang-dropdown__toggle"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls="lang-dropdown-list"
        // the name starts with the visible label ("РУ", "EN"), as WCAG 2.5.3 asks, then says what it is
        aria-label={`${LOCALE_INFO[locale].codeName} — ${t('header.language')}: ${LOCALE_INFO[locale].name}`}
        onClick={() => setOpen((v) => !v)}
      >
        {LOCALE_INFO[locale].codeName}
        <span aria-hidden="true" className="lang-dropdown__caret">
          ▾
        </span>
      </button>
      <ul id="lang-dropdown-list" className="lang lang--dropdown" aria-label={t('header.language')}>
        <LocaleLinks short={false} />
      </ul>
    </div>
  );
}

import './ErrorPage.css';
import { use } from 'react';
import { isRouteErrorResponse } from 'react-router';
import { AppLink } from './fast-paths/AppLink.tsx';
import type { MenuItem } from '../schemas/menu.ts';
import { LOCALE_INFO } from '../locales.ts';
import { useI18n, useRootData } from '../i18n/use-i18n.ts';
import { Seo } from './Seo.tsx';
import { ErrorReferenceContext } from './error-reference.ts';

/**
 * A top-level menu entry as one link, named as the menu names it ("Countries", not its first country): its own URL when
 * it is a page (no subitems, or one of them), else its first subitem's (some entries only open a dropdown: `/resources`
 * is no page).
 */
function sectionLink(item: MenuItem) {
  const first = item.subitems[0];
  if (!first || item.subitems.some((s) => s.url === item.url)) return { title: item.title, url: item.url };
  return { title: item.title, url: first.url };
}

/**
 * SPEC §2 error page: 404 → not-found title; 500–599 → server-error title; anything else → the status (or a
 * generic title) and the error's message (or the subtitle). Always a way back home.
 *
 * A 404 speaks the reader's language only (ADR 0060): a search form (GET to the locale's /search) and the main
 * sections from the menu. The SPEC §8 message ('Page Not Found: /x') is for machines: it stays in the payload JSON,
 * the hydration data and the `data-message` attribute, never in the visible text.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t, locale } = useI18n();
  const menu = useRootData()?.menu ?? [];
  const reference = use(ErrorReferenceContext);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  let title: string;
  let subtitle = t('error.subtitle');
  if (status === 404) {
    title = t('error.notFound.title');
    subtitle = t('error.notFound.text');
  } else if (status >= 500 && status <= 599) title = t('error.server.title');
  else {
    title = status ? String(status) : t('error.generic.title');
    subtitle = message ?? subtitle;
  }
  const sections = status === 404 ? menu.map(sectionLink).filter((s) => s.url) : [];
  return (
    <section
      className="error-page container"
      data-status={status}
      data-message={status === 404 ? message : undefined}
      aria-labelledby="error-page-title"
    >
      <Seo title={title} noindex />
      {/* decorative: the heading says it in words; large text ≥ 3:1 all the same */}
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title" id="error-page-title">
        {title}
      </h1>
      <p className="error-page__subtitle">{subtitle}</p>
      {status >= 500 && status <= 599 ? (
        // the server's text stays when the page hydrates (the client has no trace id); empty on a client navigation
        <p className="error-page__reference" suppressHydrationWarning>
          {reference ? t('error.reference', { id: reference }) : ''}
        </p>
      ) : null}
      {status === 404 ? (
        <>
          <form
            className="error-page__search"
            role="search"
            method="get"
            action={`${LOCALE_INFO[locale].basename}/search`}
          >
            <label htmlFor="error-page-q" className="error-page__search-label">
              {t('error.notFound.searchLabel')}
            </label>
            <div className="error-page__search-row">
              <input id="error-page-q" type="search" name="q" required className="error-page__search-input" />
              <button type="submit" className="button">
                {t('error.notFound.searchSubmit')}
              </button>
            </div>
          </form>
          {sections.length > 0 ? (
            <nav className="error-page__sections" aria-labelledby="error-page-sections">
              <h2 id="error-page-sections" className="error-page__sections-title">
                {t('error.notFound.sections')}
              </h2>
              <ul>
                {sections.map((s) => (
                  <li key={s.url}>
                    <AppLink to={s.url}>{s.title}</AppLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </>
      ) : null}
      <AppLink to="/" className="button error-page__home">
        {t('error.backHome')}
      </AppLink>
    </section>
  );
}

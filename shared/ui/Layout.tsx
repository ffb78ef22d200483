import type { ReactNode } from 'react';
import { LOCALE_INFO } from '../locales.ts';
import { useRuntimeConfig } from './runtime-config.tsx';
import { useI18n, useRootData } from '../i18n/use-i18n.ts';
import { JsonLd } from './JsonLd.tsx';
import { organization, website } from './structured-data.ts';
import { DeferredFooter } from './DeferredFooter.tsx';
import { DeferredHeader } from './header/DeferredHeader.tsx';
import { BackToTop } from './BackToTop.tsx';

/** The one default layout (SPEC §2): header, main, footer — error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  return (
    <div className="layout">
      {/* React 19 hoists these into <head>: icons and the manifest (server/routes/site-assets.ts) */}
      <link rel="icon" href="/favicon.ico" sizes="48x48" />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
      <link rel="manifest" href={`${LOCALE_INFO[locale].basename}/manifest.webmanifest`} />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={t('news.title')}
        href={`${LOCALE_INFO[locale].basename}/news/rss.xml`}
      />
      <JsonLd data={[organization(origin, locale), website(origin, locale)]} />
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <DeferredHeader menu={root?.menu ?? []} />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
        <BackToTop />
      </main>
      <DeferredFooter />
    </div>
  );
}

import type { ReactNode } from 'react';
import { useI18n, useRootData } from '../i18n.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** The one default layout (SPEC §2): header, main, footer — error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRootData();
  const { t } = useI18n();
  return (
    <div className="layout">
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <Header menu={root?.menu ?? []} />
      <main id="main" className="layout__main" tabIndex={-1}>
        {children}
      </main>
      <Footer
        socialNetworks={root?.socialNetworks ?? []}
        partners={root?.footerPartners ?? []}
        feedbackTypes={root?.feedbackTypes ?? []}
      />
    </div>
  );
}

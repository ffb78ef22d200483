import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';

/**
 * A link out of the site (WGMS, a paper's DOI) in a new tab without handing it our window, with the site's cue for
 * it (as the courses' links): an arrow beside the words, and a screen reader told that a new tab opens, in the page's
 * language also where the link sits in an English reference.
 */
export function ExternalLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const { t, locale } = useI18n();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden" lang={locale}>{` ${t('wgms.newTab')}`}</span>
      <span aria-hidden="true">{'\u00a0↗'}</span>
    </a>
  );
}

import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { localeFromPath, stripLocale } from '../locales.ts';
import { useRuntimeConfig } from './runtime-config.tsx';
import { isPlainLeftClick } from './plain-click.ts';

/**
 * CMS rich text, already sanitized by the BFF when the response entered its cache. Links inside it that point into
 * the site (`/path`) become client navigations (one payload, route rules applied), like the rest of the site's links.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const { locale } = useRuntimeConfig();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainLeftClick(event)) return;
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    const href = link?.getAttribute('href');
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      link?.hasAttribute('target') ||
      link?.hasAttribute('download')
    )
      return;
    // links are site-absolute (`/en/x` on the English site, localized at cache fill); the router adds its basename
    if (localeFromPath(href.split(/[?#]/)[0] ?? href) !== locale) return; // the other locale: a document load
    event.preventDefault();
    navigate(stripLocale(href));
  };
  return (
    <div className={`rich-text ${className}`.trim()} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

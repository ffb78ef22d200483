import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { isPlainLeftClick } from './plain-click.ts';

/**
 * CMS rich text, already sanitized by the BFF when the response entered its cache. Links inside it that point into
 * the site (`/path`) become client navigations (one payload, route rules applied), like the rest of the site's links.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainLeftClick(event)) return;
    const link = (event.target as Element).closest('a[href]');
    const href = link?.getAttribute('href');
    if (
      !href ||
      !href.startsWith('/') ||
      href.startsWith('//') ||
      link?.hasAttribute('target') ||
      link?.hasAttribute('download')
    )
      return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <div className={`rich-text ${className}`.trim()} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

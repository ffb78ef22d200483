import type React from 'react';
import { useI18n } from '../i18n/use-i18n.ts';

/**
 * "Back to top" on long pages: a plain `#top` link (the top of the document, with or without JavaScript), laid out by
 * CSS alone (client/styles/chrome.css, `.back-to-top`): it waits two and a half screens down the page and from there
 * sticks to the bottom corner, so a page shorter than that never shows it, and it costs no script to place. With
 * JavaScript, a click also moves the focus to the page's content, so keyboard and screen-reader users continue from
 * the top too.
 */
export function BackToTop() {
  const { t } = useI18n();
  return (
    <div className="back-to-top">
      <a className="back-to-top__link" href="#top" onClick={toTop}>
        <span aria-hidden="true">↑</span> {t('nav.backToTop')}
      </a>
    </div>
  );
}

function toTop(event: React.MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  document.getElementById('main')?.focus({ preventScroll: true });
  window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
}

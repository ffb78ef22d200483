import { useI18n } from '../i18n/use-i18n.ts';

/**
 * "Back to top" on long pages: a plain `#top` link (the top of the document, with or without JavaScript), the last
 * thing in main, laid out by CSS alone (client/styles/chrome.css, `.back-to-top`; ADR 0131): it has its own row under
 * the content, above the footer, so it covers nothing; it shows only on a page longer than two and a half screens,
 * and only where the screen leaves a margin beside the content does it also stick to the bottom corner on the way
 * down. Once the page has loaded, a click also moves the focus to the page's content (client/runtime/back-to-top.ts).
 */
export function BackToTop() {
  const { t } = useI18n();
  return (
    <div className="back-to-top">
      <a className="back-to-top__link" href="#top">
        <span aria-hidden="true">↑</span> {t('nav.backToTop')}
      </a>
    </div>
  );
}

import { useI18n } from '../i18n/use-i18n.ts';

/**
 * "Back to top" on long pages: a plain `#top` link (the top of the document, with or without JavaScript), laid out by
 * CSS alone (client/styles/chrome.css, `.back-to-top`): it waits two and a half screens down the page and from there
 * sticks to the bottom corner, so a page shorter than that never shows it, and it costs no script to place. Once the
 * page has loaded, a click also moves the focus to the page's content (client/runtime/back-to-top.ts).
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

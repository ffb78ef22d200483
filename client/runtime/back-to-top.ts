/**
 * The back-to-top link (shared/ui/BackToTop.tsx) is a plain `#top` link: it scrolls without any script. This adds, once
 * the page has loaded, what a script can: the focus moves to the page's content, so keyboard and screen-reader users
 * continue from the top too, and the scroll is smooth unless the reader prefers reduced motion. One listener on the
 * document for every page, off the first load (ADR 0102).
 */
export function startBackToTop(): void {
  document.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!(event.target instanceof Element) || !event.target.closest('.back-to-top__link')) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  });
}

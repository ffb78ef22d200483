import { useLocation } from 'react-router';
import { AppLink } from './fast-paths/AppLink.tsx';
import type { PaginationMeta } from '../schemas/common.ts';
import { useI18n } from '../i18n/use-i18n.ts';

/** Numbered pages around the current one, with first/last and gaps. */
export function pageWindow(current: number, last: number, radius = 2): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let p = 1; p <= last; p += 1) {
    if (p === 1 || p === last || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

/** A page number beyond the last page of a list that has items: the page says so instead of "nothing found". */
export const isPastEnd = (meta: PaginationMeta) => meta.total > 0 && meta.current_page > meta.last_page;

/** The address of a page of the current list: `?page=N` (none for the first), its other parameters kept. */
export function usePageHref(): (page: number) => string {
  const { pathname, search } = useLocation();
  return (page: number) => {
    const params = new URLSearchParams(search);
    if (page === 1) params.delete('page');
    else params.set('page', String(page));
    const query = params.toString();
    return pathname + (query ? `?${query}` : '');
  };
}

/**
 * Real links (`?page=N`): crawlable, and working without JavaScript. Past the last page it says that this page does
 * not exist and links to the first one (the list answers 200 like every list page; the count above stays true).
 */
export function Pagination({ meta }: { meta: PaginationMeta }) {
  const { t } = useI18n();
  const href = usePageHref();
  const current = meta.current_page;
  if (isPastEnd(meta)) {
    return (
      <p className="empty pagination-past-end">
        {`${t('pagination.pastEnd', { page: current, last: meta.last_page })} `}
        <AppLink to={href(1)}>{t('pagination.toFirst')}</AppLink>
      </p>
    );
  }
  if (meta.last_page <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {current > 1 ? (
        <AppLink className="pagination__step" to={href(current - 1)} rel="prev">
          ← {t('pagination.prev')}
        </AppLink>
      ) : null}
      <ul className="pagination__pages">
        {pageWindow(current, meta.last_page).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <AppLink
                to={href(p)}
                className={p === current ? 'pagination__page is-current' : 'pagination__page'}
                aria-current={p === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page: p })}
              >
                {p}
              </AppLink>
            </li>
          ),
        )}
      </ul>
      {current < meta.last_page ? (
        <AppLink className="pagination__step" to={href(current + 1)} rel="next">
          {t('pagination.next')} →
        </AppLink>
      ) : null}
    </nav>
  );
}

import { AppLink } from '../fast-paths/AppLink.tsx';
import type { PaginationMeta } from '../../schemas/common.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { EmptyState } from '../EmptyState.tsx';
import { isPastEnd, usePageHref } from '../Pagination.tsx';

/**
 * What an empty list page says: past the last page (`?page=9` of a one-page list) it offers the first page; otherwise
 * the list's own empty text.
 */
export function ListEmpty({ meta, text }: { meta: PaginationMeta; text: string }) {
  const { t } = useI18n();
  const href = usePageHref();
  if (isPastEnd(meta)) {
    return (
      <div className="empty media-empty">
        <p>{t('media.pageEmpty')}</p>
        <AppLink to={href(1)}>{t('media.firstPage')}</AppLink>
      </div>
    );
  }
  return <EmptyState>{text}</EmptyState>;
}

import { useLocation } from 'react-router';
import { AppLink } from '../fast-paths/AppLink.tsx';
import type { PaginationMeta } from '../../schemas/common.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

/**
 * What an empty list page says: past the last page (`?page=9` of a one-page list) it offers the first page; otherwise
 * the list's own empty text.
 */
export function ListEmpty({ meta, text }: { meta: PaginationMeta; text: string }) {
  const { t } = useI18n();
  const { pathname, search } = useLocation();
  if (meta.total > 0 && meta.current_page > meta.last_page) {
    const params = new URLSearchParams(search);
    params.delete('page');
    const query = params.toString();
    return (
      <div className="empty media-empty">
        <p>{t('media.pageEmpty')}</p>
        <AppLink to={pathname + (query ? `?${query}` : '')}>{t('media.firstPage')}</AppLink>
      </div>
    );
  }
  return <p className="empty">{text}</p>;
}

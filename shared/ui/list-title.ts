import type { Translate } from '../i18n/translate.ts';
import type { PaginationMeta } from '../schemas/common.ts';

/** A list page's <title>: the section's title, plus the page after the first (`Видео — Страница 2`). */
export function listTitle(t: Translate, title: string, meta: PaginationMeta): string {
  return meta.current_page > 1 ? `${title} — ${t('pagination.page', { page: meta.current_page })}` : title;
}

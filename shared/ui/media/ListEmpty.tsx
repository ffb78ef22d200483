import type { PaginationMeta } from '../../schemas/common.ts';
import { EmptyState } from '../EmptyState.tsx';
import { isPastEnd } from '../Pagination.tsx';

/**
 * What an empty list page says: the list's own empty text, or nothing past the last page (`?page=9` of a one-page
 * list), where the pagination says the page does not exist and links to the first, as on every other list.
 */
export function ListEmpty({ meta, text }: { meta: PaginationMeta; text: string }) {
  return isPastEnd(meta) ? null : <EmptyState>{text}</EmptyState>;
}

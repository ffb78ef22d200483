import type { LoaderFunctionArgs } from 'react-router';
import { formatDate, withTotal } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { pageParam, queryParam } from '../../router/params.ts';

export const SEARCH_PER_PAGE = 10;

/** `/search?q=&page=`: an empty (or blank) query shows the form only and asks the upstream nothing. */
export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = queryParam(url);
  if (!q) return { q, hits: [], meta: null };
  const api = context.get(apiContext);
  const result = await api.get('search', { query: { q, page: pageParam(url), per_page: SEARCH_PER_PAGE } });
  return {
    q,
    hits: result.data.map((hit) => ({ ...hit, dateText: hit.date ? formatDate(api.locale, hit.date) : null })),
    meta: withTotal(result.meta, api.locale),
  };
}
export type SearchData = Awaited<ReturnType<typeof searchLoader>>;

export const loaders = {
  search: searchLoader,
};

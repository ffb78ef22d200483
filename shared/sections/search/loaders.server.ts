import type { LoaderFunctionArgs } from 'react-router';
import { formatDate, formatNumber, withTotal } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { pageParam, queryParam } from '../../router/params.ts';
import { SEARCH_TYPES, type SearchType, type SearchTypeCount } from '../../schemas/search.ts';
import type { Locale } from '../../constants.ts';
import { searchPath } from './search-path.ts';

export const SEARCH_PER_PAGE = 10;

const isSearchType = (value: string | null): value is SearchType => SEARCH_TYPES.some((type) => type === value);

/** `?type=`: one of the search's types, or none (every type; an unknown value counts as none). */
export const typeParam = (url: URL): SearchType | null => {
  const type = url.searchParams.get('type');
  return isSearchType(type) ? type : null;
};

/**
 * The type filter: every type the query has hits of, with their count, and "all"; the chosen type stays listed when
 * it has none. Null when the upstream does not count its hits by type.
 */
function typeFilter(q: string, type: SearchType | null, types: SearchTypeCount[] | undefined, locale: Locale) {
  if (!types) return null;
  const counts = new Map(types.filter((c) => c.count > 0).map((c) => [c.type, c.count]));
  const all = types.reduce((sum, c) => sum + c.count, 0);
  return [
    { type: null, count: all, countText: formatNumber(locale, all), to: searchPath(q), current: type === null },
    ...SEARCH_TYPES.filter((t) => counts.has(t) || t === type).map((t) => {
      const count = counts.get(t) ?? 0;
      return { type: t, count, countText: formatNumber(locale, count), to: searchPath(q, t), current: t === type };
    }),
  ];
}

/**
 * `/search?q=&type=&page=`: an empty (or blank) query shows the form only and asks the upstream nothing. `type`
 * narrows the hits to one type; the filter lists the types the query has hits of, with their counts.
 */
export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = queryParam(url);
  const type = typeParam(url);
  if (!q) return { q, type, hits: [], meta: null, filter: null };
  const api = context.get(apiContext);
  const result = await api.get('search', {
    query: { q, type: type ?? undefined, page: pageParam(url), per_page: SEARCH_PER_PAGE },
  });
  return {
    q,
    type,
    hits: result.data.map((hit) => ({ ...hit, dateText: hit.date ? formatDate(api.locale, hit.date) : null })),
    meta: withTotal(result.meta, api.locale),
    filter: typeFilter(q, type, result.types, api.locale),
  };
}
export type SearchData = Awaited<ReturnType<typeof searchLoader>>;

export const loaders = {
  search: searchLoader,
};

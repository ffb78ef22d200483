import type { LoaderFunctionArgs } from 'react-router';
import { formatDate, formatNumber, withTotal } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { pageParam, queryParam } from '../../router/params.ts';
import type { SearchTypeCount } from '../../schemas/search.ts';
import type { Locale } from '../../constants.ts';
import { SEARCH_GROUP_NAMES, SEARCH_GROUPS, groupParam, type SearchGroup } from './search-groups.ts';
import { searchPath } from './search-path.ts';

export const SEARCH_PER_PAGE = 10;

/**
 * The filter: "all" and every group the query has hits of, with their count (the sum of its types'); the chosen group
 * stays listed when it has none. Null when the upstream does not count its hits by type.
 */
function groupFilter(q: string, group: SearchGroup | null, types: SearchTypeCount[] | undefined, locale: Locale) {
  if (!types) return null;
  const counts = new Map(types.map((c) => [c.type, c.count]));
  const option = (g: SearchGroup | null, count: number) => ({
    group: g,
    count,
    countText: formatNumber(locale, count),
    to: searchPath(q, g),
    current: g === group,
  });
  const all = types.reduce((sum, c) => sum + c.count, 0);
  const countOf = (g: SearchGroup) => SEARCH_GROUPS[g].reduce((sum, t) => sum + (counts.get(t) ?? 0), 0);
  const groups = SEARCH_GROUP_NAMES.map((g) => option(g, countOf(g)));
  return [option(null, all), ...groups.filter((o) => o.count > 0 || o.current)];
}

/**
 * `/search?q=&type=&page=`: an empty (or blank) query shows the form only and asks the upstream nothing. `type` (a
 * group) narrows the hits to the group's types; the filter lists the groups the query has hits of, with their counts.
 */
export async function searchLoader({ context, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = queryParam(url);
  const group = groupParam(url);
  if (!q) return { q, group, hits: [], meta: null, filter: null };
  const api = context.get(apiContext);
  const result = await api.get('search', {
    query: {
      q,
      types: group ? SEARCH_GROUPS[group].join(',') : undefined,
      page: pageParam(url),
      per_page: SEARCH_PER_PAGE,
    },
  });
  return {
    q,
    group,
    hits: result.data.map((hit) => ({ ...hit, dateText: hit.date ? formatDate(api.locale, hit.date) : null })),
    meta: withTotal(result.meta, api.locale),
    filter: groupFilter(q, group, result.types, api.locale),
  };
}
export type SearchData = Awaited<ReturnType<typeof searchLoader>>;

export const loaders = {
  search: searchLoader,
};

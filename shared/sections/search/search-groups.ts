import type { SearchType } from '../../schemas/search.ts';

export const SEARCH_GROUP_NAMES = ['news', 'events', 'multimedia', 'data', 'glaciers', 'pages'] as const;
export type SearchGroup = (typeof SEARCH_GROUP_NAMES)[number];

/**
 * The search page's filter: a few groups a visitor knows, each of the upstream's hit types in one of them (a hit
 * still shows its own type). The page asks the upstream for a group's types (`types`) and sums their counts.
 */
export const SEARCH_GROUPS: Record<SearchGroup, readonly SearchType[]> = {
  news: ['news'],
  events: ['event', 'webinar', 'online-course', 'opportunity'],
  multimedia: ['video', 'photo-gallery', 'podcast'],
  data: ['database-file', 'tool', 'method'],
  glaciers: ['glacier'],
  pages: ['country-profile', 'cryosphere', 'page'],
};

/**
 * `?type=`: a group, or the group of a hit type (so a link of the former filter by hit type still narrows the
 * results); null for anything else.
 */
export const groupParam = (url: URL): SearchGroup | null => {
  const value = url.searchParams.get('type');
  return SEARCH_GROUP_NAMES.find((group) => group === value || SEARCH_GROUPS[group].some((t) => t === value)) ?? null;
};

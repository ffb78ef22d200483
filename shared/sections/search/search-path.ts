import type { SearchGroup } from './search-groups.ts';

/**
 * The search page (locale-free) for `q` and, when given, a group of `type`: the filter's links and the suggested
 * searches. The query is the search route's own `q`; no other URL carries what a visitor typed.
 */
export const searchPath = (q: string, group: SearchGroup | null = null) =>
  `/search?${new URLSearchParams(group ? { q, type: group } : { q })}`;

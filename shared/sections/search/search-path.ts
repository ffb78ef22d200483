import type { SearchType } from '../../schemas/search.ts';

/**
 * The search page (locale-free) for `q` and, when given, `type`: the type filter's links and the suggested searches.
 * The query is the search route's own `q`; no other URL carries what a visitor typed.
 */
export const searchPath = (q: string, type: SearchType | null = null) =>
  `/search?${new URLSearchParams(type ? { q, type } : { q })}`;

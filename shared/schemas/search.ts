import { z } from 'zod';
import { paginated } from './common.ts';

export const SEARCH_TYPES = [
  'news',
  'event',
  'opportunity',
  'video',
  'photo-gallery',
  'podcast',
  'online-course',
  'webinar',
  'database-file',
  'method',
  'tool',
  'country-profile',
  'cryosphere',
  'glacier',
  'page',
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SearchHitSchema = z.object({
  type: z.enum(SEARCH_TYPES),
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  /** plain text with the matches wrapped in <mark>…</mark> (everything else escaped) */
  excerpt: z.string(),
  /** site path without the locale prefix */
  url: z.string(),
  date: z.string().nullable(),
  score: z.number(),
});
export type SearchHit = z.infer<typeof SearchHitSchema>;

/** How many hits of one type the query has (every type, whatever `type` filter the call had). */
export const SearchTypeCountSchema = z.object({ type: z.enum(SEARCH_TYPES), count: z.number().int().nonnegative() });
export type SearchTypeCount = z.infer<typeof SearchTypeCountSchema>;

/**
 * The hits of `type`, or of any of the query's `types` (all when none), and `types`: the count of each type with hits.
 * An upstream without `types` still answers the page (it then shows no type filter).
 */
export const SearchResponse = paginated(SearchHitSchema).extend({ types: z.array(SearchTypeCountSchema).optional() });

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
export const SearchResponse = paginated(SearchHitSchema);

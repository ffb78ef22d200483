import { throwValidationFailed } from './errors.ts';

/** Readers of URL parameters shared by the loaders (validation happens here, not in the pages). */

/** The content API rejects longer `q` values with 422. */
export const MAX_QUERY_LENGTH = 200;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: string | undefined): value is string =>
  !!value && value.length <= 200 && SLUG.test(value);

/** The slug of a detail route (`params.slug`), or 404 'Page Not Found' (`throwValidationFailed`). */
export function slugParam(request: Request, slug: string | undefined): string {
  if (!isSlug(slug)) throwValidationFailed(request);
  return slug;
}

/**
 * The item of a detail call made with `slug`, or 404. The content API also answers numeric ids (`/photo-galleries/3`);
 * the site only has slug URLs, so an item found under another key than its own slug is not a page either.
 */
export function foundBySlug<T extends { slug: string }>(request: Request, found: { data: T } | null, slug: string): T {
  if (!found || found.data.slug !== slug) throwValidationFailed(request);
  return found.data;
}

/** Page number from `?page=`; anything that is not a positive integer counts as page 1. */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** `?q=` as the upstream accepts it: trimmed, at most MAX_QUERY_LENGTH characters. */
export function queryParam(url: URL, name = 'q'): string {
  return (url.searchParams.get(name) ?? '').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

/** Readers of URL parameters shared by the loaders (validation happens here, not in the pages). */

/** The content API rejects longer `q` values with 422. */
export const MAX_QUERY_LENGTH = 200;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: string | undefined): value is string =>
  !!value && value.length <= 200 && SLUG.test(value);

/** Page number from `?page=`; anything that is not a positive integer counts as page 1. */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** `?q=` as the upstream accepts it: trimmed, at most MAX_QUERY_LENGTH characters. */
export function queryParam(url: URL, name = 'q'): string {
  return (url.searchParams.get(name) ?? '').trim().slice(0, MAX_QUERY_LENGTH).trim();
}

import { createHash } from 'node:crypto';

/**
 * A cache key's form of a query (`?…`, or empty): `?` and a digest of it. A query may carry what a visitor typed
 * (search words), and cache keys are stored in Redis, named in purge answers and logged; the digest keeps them apart
 * without keeping the words.
 */
export const queryDigest = (search: string): string =>
  search === '' || search === '?' ? '' : `?${createHash('sha256').update(search).digest('base64url').slice(0, 22)}`;

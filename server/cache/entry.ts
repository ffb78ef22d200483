import { safeJson } from '../../shared/json.ts';
import type { L2Entry } from './redis.ts';

/** How long an entry is served: fresh, then stale while one refresh runs, then stale only when the refresh fails. */
export interface Lifetimes {
  ttlMs: number;
  /** past its TTL, an entry is served while ONE background refresh runs (pages: 10 min; upstream: 0, a blocking refresh) */
  staleWhileRevalidateMs: number;
  /** past its TTL, an entry is served when its refresh failed (the upstream: a day) */
  staleIfErrorMs: number;
}

/** An entry of this process's level (L1). */
export interface Entry<V> {
  value: V;
  size: number;
  tags: readonly string[];
  /** tags added after it was stored (tag()): indexed for purges, not part of what it was built from */
  marks?: readonly string[];
  /** epoch ms: fresh until, then served while one refresh runs until `staleUntil`, then on errors until `errorUntil` */
  freshUntil: number;
  staleUntil: number;
  errorUntil: number;
}

/** When an entry stored at `storedAt` stops being fresh, served while it refreshes, and served on errors. */
export function lifetimesFrom(
  storedAt: number,
  lifetimes: Lifetimes,
): Pick<Entry<unknown>, 'freshUntil' | 'staleUntil' | 'errorUntil'> {
  const freshUntil = storedAt + lifetimes.ttlMs;
  const staleUntil = freshUntil + lifetimes.staleWhileRevalidateMs;
  return { freshUntil, staleUntil, errorUntil: Math.max(staleUntil, freshUntil + lifetimes.staleIfErrorMs) };
}

/**
 * An L2 record as an L1 entry at `now`; undefined when it does not parse (JSON, then `deserialize` when given) or is
 * past every window.
 */
export function fromL2Record<V>(
  found: L2Entry,
  lifetimes: Lifetimes,
  deserialize: ((raw: unknown) => V | undefined) | undefined,
  now: number,
): Entry<V> | undefined {
  const parsed = safeJson(found.value);
  const value = deserialize ? deserialize(parsed) : (parsed as V);
  if (value === undefined) return undefined;
  const times = lifetimesFrom(found.storedAt, lifetimes);
  // a soft purge (by any replica) ended its freshness
  if (found.purgedAt !== undefined) times.freshUntil = Math.min(times.freshUntil, found.purgedAt);
  if (times.errorUntil <= now) return undefined;
  return { value, size: found.size, tags: found.tags, ...times };
}

import type { FastifyBaseLogger } from 'fastify';
import type { SharedStore } from '../cache/redis.ts';
import type { TwoLevelStats } from '../cache/two-level.ts';
import type { CacheEntry, PageCacheStore } from './page-cache.ts';

/** A cache entry as Redis keeps it: JSON with the bodies in base64. */
interface StoredEntry extends Omit<CacheEntry, 'body' | 'gzip' | 'br'> {
  body: string;
  gzip?: string;
  br?: string;
}

const toStored = (e: CacheEntry): StoredEntry => ({
  ...e,
  body: e.body.toString('base64'),
  gzip: e.gzip?.toString('base64'),
  br: e.br?.toString('base64'),
});

function fromStored(text: string): CacheEntry | undefined {
  const s = JSON.parse(text) as Partial<StoredEntry>;
  if (typeof s.body !== 'string' || typeof s.status !== 'number' || typeof s.staleUntil !== 'number') return undefined;
  return {
    status: s.status,
    headers: s.headers ?? {},
    body: Buffer.from(s.body, 'base64'),
    gzip: s.gzip ? Buffer.from(s.gzip, 'base64') : undefined,
    br: s.br ? Buffer.from(s.br, 'base64') : undefined,
    etag: s.etag ?? '',
    scriptHashes: s.scriptHashes ?? [],
    freshUntil: s.freshUntil ?? 0,
    staleUntil: s.staleUntil,
  };
}

export interface TwoLevelPageStoreOptions {
  /** this process's LRU */
  l1: PageCacheStore;
  /** Redis, shared by every replica; without it the store is the LRU alone (its lookups still counted) */
  shared?: SharedStore;
  log: FastifyBaseLogger;
  now?: () => number;
  /** after a Redis failure, skip it for this long (memory and rendering answer meanwhile) */
  backoffMs?: number;
}

/**
 * The rendered-page cache over two levels: the process's LRU first, then Redis (same entries, kept until their stale
 * window ends), so a page one replica rendered is a hit on the others. Keys carry the build id (server/ssr/
 * cache-key.ts): another build never reads them. Redis errors never fail a request: they are logged once per
 * back-off, counted, and the page is rendered as without Redis.
 */
export function twoLevelPageStore(opts: TwoLevelPageStoreOptions): PageCacheStore & { stats: TwoLevelStats } {
  const now = opts.now ?? Date.now;
  const backoffMs = opts.backoffMs ?? 5_000;
  const stats: TwoLevelStats = {
    l1: { hit: 0, miss: 0, stale: 0 },
    l2: { hit: 0, miss: 0, bypass: 0 },
    coalesced: { local: 0, shared: 0 },
    evictions: 0,
  };
  let skipUntil = 0;
  const failed = (err: unknown, op: string) => {
    if (now() >= skipUntil) opts.log.warn({ err, cache: 'page', op }, 'redis call failed; using memory and rendering');
    skipUntil = now() + backoffMs;
  };
  const redisKey = (key: string) => `page:${key}`;

  return {
    stats,
    async get(key) {
      const own = await opts.l1.get(key);
      if (own) {
        if (own.freshUntil > now()) stats.l1.hit += 1;
        else stats.l1.stale += 1;
        return own;
      }
      stats.l1.miss += 1;
      if (!opts.shared) return undefined;
      if (now() < skipUntil) {
        stats.l2.bypass += 1;
        return undefined;
      }
      let text: string | undefined;
      try {
        text = await opts.shared.get(redisKey(key));
      } catch (err) {
        failed(err, 'read');
        stats.l2.bypass += 1;
        return undefined;
      }
      const entry = text === undefined ? undefined : fromStored(text);
      if (!entry || entry.staleUntil <= now()) {
        stats.l2.miss += 1;
        return undefined;
      }
      stats.l2.hit += 1;
      await opts.l1.set(key, entry);
      return entry;
    },
    peekFresh(key) {
      const own = opts.l1.peekFresh(key);
      if (own) stats.l1.hit += 1;
      return own;
    },
    async set(key, entry) {
      await opts.l1.set(key, entry);
      const ttlMs = entry.staleUntil - now();
      if (!opts.shared || ttlMs <= 0 || now() < skipUntil) return;
      await opts.shared.set(redisKey(key), JSON.stringify(toStored(entry)), ttlMs).catch((err: unknown) => {
        failed(err, 'write');
      });
    },
  };
}

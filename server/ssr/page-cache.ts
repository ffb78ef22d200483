import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies below this size are sent as they are: compression would not pay for its headers and CPU. */
export const COMPRESS_MIN_BYTES = 1024;
/** How long past its freshness an entry may still be served while one refresh runs (CachePolicy.page's SWR). */
export const STALE_WINDOW_MS = 600_000;
/** Brotli quality at cache fill: once per entry and TTL, never per request (11 costs ~10× more for ~5 % less). */
export const FILL_BROTLI_QUALITY = 9;

/**
 * A rendered answer, ready to send: plain data and Buffers only, so a second level (Redis) can store it as is.
 * `gzip`/`br` are absent for tiny bodies.
 */
export interface CacheEntry {
  status: number;
  /** response headers to replay (content-type, cache-control, loader headers); never set-cookie */
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** strong validator of `body` */
  etag: string;
  /** `'sha256-…'` sources of the inline scripts of an HTML body (its CSP); empty for JSON */
  scriptHashes: string[];
  /** epoch ms: fresh until, then stale until `staleUntil` */
  freshUntil: number;
  staleUntil: number;
}

/** Where entries live. The in-memory LRU is the first level; a second level implements the same three calls. */
export interface PageCacheStore {
  get(key: string): Promise<CacheEntry | undefined>;
  set(key: string, entry: CacheEntry): Promise<void>;
  /**
   * This process's entry, synchronously, when it is fresh (counted as an L1 hit); stale, absent or only in a second
   * level: undefined. The one check of freshness on the early hit path (PageCache.fresh).
   */
  peekFresh(key: string): CacheEntry | undefined;
}

export const entryBytes = (e: CacheEntry) =>
  e.body.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0) + 512 + e.scriptHashes.length * 60;

/** In-process LRU bounded by bytes; an entry leaves at the end of its stale window. */
export function memoryStore(
  maxBytes: number,
  now: () => number = Date.now,
): PageCacheStore & { readonly bytes: number } {
  const lru = new LRUCache<string, CacheEntry>({
    maxSize: maxBytes,
    sizeCalculation: (e) => Math.max(1, entryBytes(e)),
  });
  return {
    get: async (key) => {
      const entry = lru.get(key);
      if (entry && entry.staleUntil <= now()) {
        lru.delete(key);
        return undefined;
      }
      return entry;
    },
    set: async (key, entry) => {
      if (entryBytes(entry) <= maxBytes) lru.set(key, entry);
    },
    peekFresh: (key) => {
      const entry = lru.get(key);
      return entry && entry.freshUntil > now() ? entry : undefined;
    },
    get bytes() {
      return lru.calculatedSize;
    },
  };
}

export type CacheOutcome = 'hit' | 'miss' | 'stale';

/** What a fill produces: the body and how to replay it, or null when the answer must not be stored. */
export interface FillResult {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  scriptHashes?: string[];
}

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  store?: PageCacheStore;
  now?: () => number;
  /** a background refresh failed (the stale entry stays) */
  onRefreshError?: (err: unknown, key: string) => void;
}

/**
 * Rendered documents and payloads by key: fresh for `ttlMs`, then served stale while ONE refresh runs
 * (stale-while-revalidate); concurrent misses of one key share one fill (single flight).
 */
export class PageCache {
  readonly ttlMs: number;
  private readonly store: PageCacheStore;
  private readonly now: () => number;
  private readonly inflight = new Map<string, Promise<CacheEntry | null>>();
  private readonly onRefreshError: (err: unknown, key: string) => void;

  constructor(opts: PageCacheOptions) {
    this.ttlMs = opts.ttlMs;
    this.now = opts.now ?? Date.now;
    this.store = opts.store ?? memoryStore(opts.maxBytes, this.now);
    this.onRefreshError = opts.onRefreshError ?? (() => {});
  }

  /** The entry for a key, and whether it is fresh; a stale one starts a background refresh with `fill`. */
  async lookup(
    key: string,
    fill: () => Promise<FillResult | null>,
  ): Promise<{ entry: CacheEntry; outcome: 'hit' | 'stale' } | undefined> {
    const entry = await this.store.get(key);
    // a second level may hand back an entry past its stale window: it is not served
    if (!entry || entry.staleUntil <= this.now()) return undefined;
    if (entry.freshUntil > this.now()) return { entry, outcome: 'hit' };
    if (!this.inflight.has(key)) {
      this.run(key, fill).catch((err: unknown) => this.onRefreshError(err, key));
    }
    return { entry, outcome: 'stale' };
  }

  /**
   * A fresh entry of this process's memory, without a promise: what an early hit (plugins/page-hits.ts) sends.
   * Stale, absent or only in the second level: undefined, and the route's `lookup` decides.
   */
  fresh(key: string): CacheEntry | undefined {
    return this.store.peekFresh(key);
  }

  /** A fill already under way for this key (another request's miss or a refresh). */
  pending(key: string): Promise<CacheEntry | null> | undefined {
    return this.inflight.get(key);
  }

  /** Produce, compress and store an entry; callers of `pending` share the result. */
  run(key: string, fill: () => Promise<FillResult | null>): Promise<CacheEntry | null> {
    const running = this.inflight.get(key);
    if (running) return running;
    const job = (async () => {
      const result = await fill();
      if (!result) return null;
      const entry = await makeEntry(result, this.now() + this.ttlMs);
      await this.store.set(key, entry);
      return entry;
    })().finally(() => this.inflight.delete(key));
    this.inflight.set(key, job);
    return job;
  }
}

/** Compress once (gzip 6, brotli 9) and compute the ETag. */
export async function makeEntry(result: FillResult, freshUntil: number): Promise<CacheEntry> {
  const { body } = result;
  const text = (result.headers['content-type'] ?? '').startsWith('text/');
  const [gz, br] =
    body.length < COMPRESS_MIN_BYTES
      ? [undefined, undefined]
      : await Promise.all([
          gzipAsync(body, { level: 6 }),
          brotli(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: FILL_BROTLI_QUALITY,
              [zlibConstants.BROTLI_PARAM_MODE]: text
                ? zlibConstants.BROTLI_MODE_TEXT
                : zlibConstants.BROTLI_MODE_GENERIC,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        ]);
  return {
    status: result.status,
    headers: result.headers,
    body,
    gzip: gz,
    br,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    scriptHashes: result.scriptHashes ?? [],
    freshUntil,
    staleUntil: freshUntil + STALE_WINDOW_MS,
  };
}

/** Whether an `If-None-Match` header names this ETag (weak comparison, `*` included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of every inline script of a document (scripts with `src` are covered by `'self'`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const [, attrs = '', content = ''] = m;
    // external scripts and data blocks (JSON-LD) are not inline code
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/ld\+json/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

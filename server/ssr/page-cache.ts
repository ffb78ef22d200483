import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { SharedStore } from '../cache/redis.ts';
import { pathOf } from '../logged-url.ts';
import { createTwoLevelCache, type Loaded, type TwoLevelCache } from '../cache/two-level.ts';
import { newSources, type Sources } from '../upstream/api.ts';
import type { UpstreamCache } from '../upstream/cache.ts';
import type { PageKey } from './cache-key.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Bodies below this size are sent as they are: compression would not pay for its headers and CPU. */
const COMPRESS_MIN_BYTES = 1024;
/** How long past its freshness an entry may still be served while one refresh runs (the documents' stale-while-revalidate, pagePolicies). */
export const STALE_WINDOW_MS = 600_000;
/**
 * Brotli quality at cache fill, once per entry and TTL (ADR 0040). A request that waits for a fill (another reader of
 * the same page after a purge) waits for this too: on the news list, 6 takes a tenth of 9's time or less for 0.3 %
 * more bytes.
 */
const FILL_BROTLI_QUALITY = 6;

/**
 * A rendered answer, ready to send: plain data and Buffers only, so a second level (Redis) can store it.
 * `gzip`/`br` are absent for tiny bodies.
 */
export interface CacheEntry {
  status: number;
  /** response headers to replay (content-type, cache-control, surrogate-key, loader headers); never set-cookie */
  headers: Record<string, string>;
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  /** strong validator of `body` */
  etag: string;
  /** `'sha256-…'` sources of the inline scripts of an HTML body (its CSP); empty for JSON */
  scriptHashes: string[];
}

/**
 * The bytes a Buffer keeps alive: its whole backing store, not its length. A small Buffer is often a view of a larger
 * store (Buffer's 64 KiB pool for `Buffer.from` of a string or base64, zlib's 64 KiB output chunk for a body that
 * compresses into one chunk), and that store lives as long as any view of it.
 */
const heldBytes = (bytes: Buffer) => bytes.buffer.byteLength;

/** The bytes as a Buffer of their own: a view of a larger store is copied out, so keeping it keeps only its bytes. */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/** What an entry holds: the backing stores of its bodies, its headers and hashes (strings of two bytes a character). */
export const entryBytes = (e: CacheEntry) => {
  let strings = e.etag.length;
  for (const [name, value] of Object.entries(e.headers)) strings += name.length + value.length;
  for (const hash of e.scriptHashes) strings += hash.length;
  return heldBytes(e.body) + (e.gzip ? heldBytes(e.gzip) : 0) + (e.br ? heldBytes(e.br) : 0) + 512 + strings * 2;
};

/** What a fill produces: the body and how to replay it. */
export interface FillResult {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  scriptHashes?: string[];
}

/** Rendered documents and payloads by key (server/ssr/cache-key.ts): a use of the two-level cache. */
export type PageCache = TwoLevelCache<CacheEntry>;

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** Redis (REDIS_URL), shared by every replica; unset: this process's memory only */
  store?: SharedStore;
  log?: FastifyBaseLogger;
  now?: () => number;
}

/**
 * The page cache: fresh for `ttlMs` (60 s), then served stale while ONE refresh runs for the stale window (10 min,
 * the documents' `stale-while-revalidate`, pagePolicies); concurrent misses share one render, across replicas with Redis.
 * Keys carry the build id (cache-key.ts): another build never reads them.
 */
export function createPageCache(options: PageCacheOptions): PageCache {
  return createTwoLevelCache<CacheEntry>({
    name: 'page',
    ttlMs: options.ttlMs,
    staleWhileRevalidateMs: STALE_WINDOW_MS,
    staleIfErrorMs: STALE_WINDOW_MS,
    maxBytes: options.maxBytes,
    store: options.store,
    log: options.log,
    now: options.now,
    serialize: toStored,
    deserialize: fromStored,
    onRefreshError: (err, key) => options.log?.warn({ err, key }, 'page cache refresh failed'),
  });
}

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

const StoredSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  gzip: z.string().optional(),
  br: z.string().optional(),
  etag: z.string(),
  scriptHashes: z.array(z.string()),
});

function fromStored(raw: unknown): CacheEntry | undefined {
  const parsed = StoredSchema.safeParse(raw);
  if (!parsed.success) return undefined;
  const s = parsed.data;
  return {
    status: s.status,
    headers: s.headers,
    // a small decoded body is a view of Buffer's pool: copied out, as a fill's are
    body: ownBytes(Buffer.from(s.body, 'base64')),
    gzip: s.gzip === undefined ? undefined : ownBytes(Buffer.from(s.gzip, 'base64')),
    br: s.br === undefined ? undefined : ownBytes(Buffer.from(s.br, 'base64')),
    etag: s.etag,
    scriptHashes: s.scriptHashes,
  };
}

/** The tag every entry of a page path carries (its documents and payloads, any query): what a path purge names. */
export const pathTag = (pathname: string) => `path:${pathname}`;

/** A `Surrogate-Key` value: the content keys, space-separated (Fastly's and Varnish xkey's convention). */
export const surrogateKeyHeader = (tags: Iterable<string>) =>
  [...tags]
    .filter((t) => !t.startsWith('path:'))
    .sort()
    .join(' ');

/**
 * The sources of a render for the page cache: the upstream answers it reads are tagged with the page's path as they
 * are read (server/upstream/api.ts), so a path purge drops them with the page.
 */
export const pageSources = (upstream: UpstreamCache, key: PageKey): Sources =>
  newSources({ path: pathTag(pathOf(key.url)), since: upstream.generation });

/**
 * What the page cache stores for a rendered page or payload: the entry, sent with its surrogate keys, tagged with
 * them and with its path.
 */
export async function pageEntry(key: PageKey, fill: FillResult, sources: Sources): Promise<Loaded<CacheEntry>> {
  const keys = surrogateKeyHeader(sources.tags);
  const entry = await makeEntry({ ...fill, headers: keys ? { ...fill.headers, 'surrogate-key': keys } : fill.headers });
  return { value: entry, size: entryBytes(entry), tags: [...sources.tags, pathTag(pathOf(key.url))] };
}

/**
 * Compress once (gzip 6, brotli FILL_BROTLI_QUALITY) and compute the ETag. The body and its compressed forms are kept
 * in Buffers of their own (`ownBytes`), so a stored entry holds what the cache counts for it.
 */
export async function makeEntry(result: FillResult): Promise<CacheEntry> {
  const body = ownBytes(result.body);
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
    gzip: gz && ownBytes(gz),
    br: br && ownBytes(br),
    etag: bytesEtag(body),
    scriptHashes: result.scriptHashes ?? [],
  };
}

/** A strong ETag of a body: its SHA-256, shortened. */
export const bytesEtag = (bytes: Buffer) => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/** Whether an `If-None-Match` header names this ETag (weak comparison, `*` included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CacheOutcome as FetchOutcome, Fetched, Loaded } from '../cache/two-level.ts';
import { CachePolicy, edgeExpiry } from '../cache-policies.ts';
import { etagMatches, surrogateKeyHeader, type CacheEntry, type PageCache } from './page-cache.ts';

/** A cached answer's `x-cache`: `hit` (memory, Redis, or a render another request ran), `stale`, or `miss`. */
export type CacheOutcome = 'hit' | 'miss' | 'stale';

/** The same negotiation as @fastify/compress (br before gzip, q-values honoured, `*` and x-gzip count as gzip). */
const negotiator = new Negotiator<'br' | 'gzip'>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 256 }),
});

export function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'));
}

/** Mark the answer's cache outcome: `x-cache` header; request-log.ts logs it as `cache`. */
export const markCache = (reply: FastifyReply, outcome: CacheOutcome | 'bypass') => reply.header('x-cache', outcome);

/** The form of a stored body that is sent. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The response headers of one entry, per encoding and outcome, made once per entry (not per request). */
interface Prepared {
  headers: Record<`${Encoding} ${CacheOutcome}`, Record<string, string>>;
  /** the 304's: validators and caching headers, no body headers */
  notModified: Record<CacheOutcome, Record<string, string>>;
}
const prepared = new WeakMap<CacheEntry, Prepared>();

function prepare(entry: CacheEntry): Prepared {
  const base: Record<string, string> = { ...entry.headers, etag: entry.etag };
  // a body too small to compress is the same for every Accept-Encoding
  if (entry.gzip) base.vary = 'Accept-Encoding';
  const outcomes: CacheOutcome[] = ['hit', 'stale', 'miss'];
  const headers = {} as Prepared['headers'];
  const notModified = {} as Prepared['notModified'];
  for (const outcome of outcomes) {
    notModified[outcome] = { 'x-cache': outcome, ...base };
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const body = bodyOf(entry, encoding);
      headers[`${encoding} ${outcome}`] = {
        'x-cache': outcome,
        ...base,
        ...(encoding === 'identity' ? {} : { 'content-encoding': encoding }),
        'content-length': String(body.length),
      };
    }
  }
  return { headers, notModified };
}

const keepVary = (reply: FastifyReply, varied: string, own: string | undefined) =>
  reply.header('vary', own ? `${varied}, ${own}` : varied);

/**
 * The caching headers of a page or payload sent as rendered (not from the cache): a shared answer gets the edge's
 * lifetime first, then CachePolicy.page, and the surrogate keys it was built from; any other answer is not stored.
 */
export function setRenderedCaching(reply: FastifyReply, shared: boolean, tags: ReadonlySet<string>): void {
  if (!shared) {
    reply.header('cache-control', CachePolicy.none);
    return;
  }
  // the edge's lifetime before Cache-Control (cache-policies.ts)
  reply.headers(edgeExpiry());
  reply.header('cache-control', CachePolicy.page);
  if (tags.size > 0) reply.header('surrogate-key', surrogateKeyHeader(tags));
}

/** The stored bytes of one form (a tiny body has only its identity form). */
export const bodyOf = (entry: CacheEntry, encoding: Encoding): Buffer =>
  (encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : undefined) ?? entry.body;

/**
 * Send a stored entry: 304 when the client has it, else the precompressed form the client accepts. Its headers are
 * made once per entry, so a hit costs a lookup, one header merge and the socket write. A `Vary` a hook set (`/` on
 * the cookie and Accept-Language, plugins/locale.ts) is kept beside the entry's own.
 */
export function serveEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  outcome: CacheOutcome,
): FastifyReply {
  let ready = prepared.get(entry);
  if (!ready) prepared.set(entry, (ready = prepare(entry)));
  if (entry.scriptHashes.length > 0) request.cspScriptHashes = entry.scriptHashes;
  const varied = reply.getHeader('vary');
  // the edge's lifetime before the entry's Cache-Control (cache-policies.ts)
  reply.headers(edgeExpiry());
  if (entry.status === 200 && etagMatches(request.headers['if-none-match'], entry.etag)) {
    reply.headers(ready.notModified[outcome]);
    if (typeof varied === 'string') keepVary(reply, varied, ready.notModified[outcome].vary);
    return reply.code(304).send();
  }
  const encoding: Encoding = entry.gzip
    ? (negotiateEncoding(request.headers['accept-encoding']) ?? 'identity')
    : 'identity';
  const headers = ready.headers[`${encoding} ${outcome}`];
  reply.headers(headers);
  if (typeof varied === 'string') keepVary(reply, varied, headers.vary);
  reply.code(entry.status);
  // an encoded body is left alone by the compression hook; an identity one is below its threshold or unwanted
  if (request.method === 'HEAD') return reply.send();
  return reply.send(bodyOf(entry, encoding));
}

/** The visitor's own answer, handed over by the loader that runs for this request (a live render, an error payload). */
export type Deliver = (send: () => unknown) => void;

const xCache = (outcome: FetchOutcome): CacheOutcome =>
  outcome === 'stale' ? 'stale' : outcome === 'miss' || outcome === 'bypass' ? 'miss' : 'hit';

/**
 * The one path of a cacheable page or payload: the page cache's entry (memory, Redis, or a fill another request is
 * running), else `produce` renders it. `produce` gets `deliver` when this request waits for it — a document hands
 * over its live stream, so the visitor does not wait for the whole page — and undefined when it runs as a background
 * refresh. When a fill this request waited for stored nothing (an error page, a redirect), `uncached` answers it.
 * A fresh entry in this process's memory is sent in the same tick (no promise): the hit that nearly every request is.
 */
export function servePage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  produce: (deliver: Deliver | undefined) => Promise<Loaded<CacheEntry> | undefined>,
  uncached: () => Promise<unknown>,
): FastifyReply | Promise<unknown> {
  const held = cache.fresh(key);
  if (held) return serveEntry(request, reply, held, 'hit');
  let deliver: Deliver = () => {};
  const handed = new Promise<() => unknown>((resolve) => (deliver = resolve));
  const fetched = cache.fetch(key, ({ background }) => produce(background ? undefined : deliver));
  return answerFill(request, reply, fetched, handed, uncached);
}

/** A fill's answer: the live one `produce` handed over, else the entry it stored or found, else `uncached`. */
async function answerFill(
  request: FastifyRequest,
  reply: FastifyReply,
  fetched: Promise<Fetched<CacheEntry> | undefined>,
  handed: Promise<() => unknown>,
  uncached: () => Promise<unknown>,
): Promise<unknown> {
  const first = await Promise.race([fetched.then((found) => ({ found })), handed.then((send) => ({ send }))]);
  if ('send' in first) {
    // what the fill does after the hand-over (storing, or a failure) is its own business: logged there
    fetched.catch(() => {});
    return first.send();
  }
  if (!first.found) return uncached();
  return serveEntry(request, reply, first.found.value, xCache(first.found.outcome));
}

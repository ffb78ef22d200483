import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CacheOutcome as FetchOutcome, Loaded, LoadMode } from '../cache/two-level.ts';
import { CachePolicy, type PagePolicies } from '../cache-policies.ts';
import { endSpan, inSpan, startSpan, tracingEnabled, type Span } from '../tracing/spans.ts';
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
 * The caching headers of a page or payload sent as rendered (not from the cache): a shared answer gets its kind's
 * policy (`pagePolicies`: the page cache's lifetime) and the surrogate keys it was built from; any other answer is not
 * stored.
 */
export function setRenderedCaching(
  reply: FastifyReply,
  shared: boolean,
  tags: ReadonlySet<string>,
  kind: keyof PagePolicies,
): void {
  if (!shared) {
    reply.header('cache-control', CachePolicy.none);
    return;
  }
  reply.header('cache-control', reply.server.pagePolicies[kind]);
  if (tags.size > 0) reply.header('surrogate-key', surrogateKeyHeader(tags));
}

/** The stored bytes of one form (a tiny body has only its identity form). */
const bodyOf = (entry: CacheEntry, encoding: Encoding): Buffer =>
  (encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : undefined) ?? entry.body;

/**
 * Send a stored entry: 304 when the client has it, else the precompressed form the client accepts. Its headers are
 * made once per entry, so a hit costs a lookup, one header merge and the socket write. A `Vary` a hook set (`/` on
 * the cookie and Accept-Language, plugins/locale.ts) is kept beside the entry's own.
 */
function serveEntry(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: CacheEntry,
  outcome: CacheOutcome,
): FastifyReply {
  let ready = prepared.get(entry);
  if (!ready) prepared.set(entry, (ready = prepare(entry)));
  if (entry.scriptHashes.length > 0) request.cspScriptHashes = entry.scriptHashes;
  const varied = reply.getHeader('vary');
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

/**
 * What a render for the page cache made (`produce` of servePage):
 * - `entry`: an answer to store and send (a payload: sent once it is compressed);
 * - `streamed`: a document handed to its visitor while it renders (`send`), stored once it has ended (`entry`,
 *   undefined when it is not to be kept: a loader failed, a cookie, a private page, the visitor left);
 * - `live`: this visitor's own answer, never stored (an error page or payload, a redirect).
 */
export type Produced =
  | { kind: 'entry'; entry: Loaded<CacheEntry> }
  | {
      kind: 'streamed';
      send: (request: FastifyRequest, reply: FastifyReply) => unknown;
      entry: Promise<Loaded<CacheEntry> | undefined>;
    }
  | { kind: 'live'; send: () => unknown };

const xCache = (outcome: FetchOutcome): CacheOutcome =>
  outcome === 'stale' ? 'stale' : outcome === 'miss' || outcome === 'bypass' ? 'miss' : 'hit';

/**
 * The one path of a cacheable page or payload. A fresh entry in this process's memory is sent in the same tick (no
 * promise): the hit that nearly every request is. Else the page cache's entry (memory, Redis, or a fill another
 * request is running, whose entry it waits for; stale while one refresh runs), else `produce` renders it once for
 * every request waiting on the key, and this request sends what it made as it renders; what is to be kept, the cache
 * stores. `produce` also runs a background refresh (`background: true`): then nothing is sent.
 */
export function servePage(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  produce: (mode: LoadMode) => Promise<Produced>,
): FastifyReply | Promise<unknown> {
  const held = cache.fresh(key);
  if (held) {
    if (tracingEnabled()) endSpan(startSpan('page-cache lookup', { 'app.cache': 'hit' }));
    return serveEntry(request, reply, held, 'hit');
  }
  return inSpan('page-cache lookup', undefined, (span) => answerMiss(request, reply, cache, key, produce, span));
}

async function answerMiss(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PageCache,
  key: string,
  produce: (mode: LoadMode) => Promise<Produced>,
  span: Span | undefined,
): Promise<unknown> {
  // this request's own render, when the cache runs it for this request (not when it waits for another's or
  // refreshes); undefined once the fetch is over without one
  let ran: (produced: Produced | undefined) => void = () => {};
  const own = new Promise<Produced | undefined>((resolve) => (ran = resolve));
  const fetched = cache.fetch(key, async (mode) => {
    const produced = await produce(mode);
    if (!mode.background) ran(produced);
    return produced.kind === 'live' ? undefined : produced.entry;
  });
  fetched.then(
    () => ran(undefined),
    () => ran(undefined),
  );
  // a render streams to its visitor before its entry is stored: whichever comes first answers
  type First = { produced: Produced } | { found: Awaited<typeof fetched> };
  const first = await Promise.race<First>([
    fetched.then((found) => ({ found })),
    own.then((produced): First | Promise<First> => (produced ? { produced } : fetched.then((found) => ({ found })))),
  ]);
  if ('produced' in first) {
    span?.setAttribute('app.cache', 'miss');
    // what the fill does after this answer (storing, or a failure) is its own business: logged there
    fetched.catch(() => {});
    return send(request, reply, first.produced);
  }
  if (first.found) {
    span?.setAttribute('app.cache', xCache(first.found.outcome));
    return serveEntry(request, reply, first.found.value, xCache(first.found.outcome));
  }
  span?.setAttribute('app.cache', 'miss');
  // the render this request waited for kept nothing (an error page, a redirect): it makes its own, not stored
  const produced = await produce({ background: false });
  if (produced.kind === 'streamed') produced.entry.catch(() => {});
  return send(request, reply, produced);
}

/** Send what a render made: its entry, or the answer it hands over. */
function send(request: FastifyRequest, reply: FastifyReply, produced: Produced): unknown {
  if (produced.kind === 'entry') return serveEntry(request, reply, produced.entry.value, 'miss');
  markCache(reply, 'miss');
  return produced.kind === 'streamed' ? produced.send(request, reply) : produced.send();
}

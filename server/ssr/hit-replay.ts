import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { malformedHeader } from '../plugins/edge.ts';
import type { CacheEntry, PageCache } from './page-cache.ts';
import { bodyOf, negotiateEncoding, type Encoding } from './serve-entry.ts';

/** Longest request target a recording is kept for (as the page-request memo, server/ssr/cache-key.ts). */
export const REPLAY_MAX_URL_CHARS = 1024;

/** Headers Node writes itself on every answer: never part of a recording. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** What a replayed answer adds to /metrics and the log, bound once per recording (plugins/page-hits.ts). */
export interface ReplayAccounting {
  /** count the request (route, status), its duration and the replay, as the metrics plugin's onResponse hook does */
  count(seconds: number): void;
  /** the request log's `route` field: Fastify's route path (the page route) */
  route: string;
}

/** One answer as Fastify's hooks sent it for one request variant, replayed while its entry is the fresh one. */
interface Recording {
  cacheKey: string;
  /** the entry it was sent from; weak, so a recording never keeps an evicted page in memory */
  entry: WeakRef<CacheEntry>;
  status: number;
  encoding: Encoding;
  /** every header as Fastify sent it, as one flat [name, value, …] list for `writeHead` */
  head: string[];
  accounting: ReplayAccounting;
  /** the log line's fields that every replay of this recording shares, serialized once (a pino child) */
  log: FastifyBaseLogger;
}

export interface HitReplayOptions {
  cache: PageCache;
  log: FastifyBaseLogger;
  /** the request id of the log line (the app's genReqId) */
  requestId: (req: IncomingMessage) => string;
  /**
   * The origin a page is rendered for never reads `X-Forwarded-Host`/`-Proto` (PUBLIC_ORIGIN is set, or no proxy is
   * trusted): then those headers do not keep a request from the replay (they are still checked for being well-formed).
   */
  forwardedIgnored: boolean;
  /** recordings kept (oldest dropped first) */
  maxRecordings?: number;
}

/**
 * Fresh page-cache hits answered at the HTTP server, before Fastify (ADR 0084). The first early hit of a request
 * variant (method, Host, URL, negotiated encoding) goes through Fastify's hooks (plugins/page-hits.ts), which records
 * the answer's status and headers; the next requests of that variant get the same status, headers and stored bytes
 * written straight to the socket, with the same log line and metrics, for as long as the entry is the fresh one in
 * this process's memory. Everything that could change the answer keeps a request on Fastify's path: another method,
 * `If-None-Match` (a 304), forwarded host or proto while they can set the origin (a trusted proxy, no PUBLIC_ORIGIN),
 * a malformed header (the edge's 400), an entry gone stale or replaced, a server shutting down.
 */
export class HitReplay {
  private readonly recordings = new Map<string, Recording>();
  /** a fresh entry the replay looked up but could not answer from: the early hit path takes it (one lookup counted) */
  private readonly handedOn = new WeakMap<IncomingMessage, { key: string; entry: CacheEntry }>();
  private readonly maxRecordings: number;
  private closed = false;

  constructor(private readonly opts: HitReplayOptions) {
    this.maxRecordings = opts.maxRecordings ?? 4096;
  }

  /** The variant key of a request the replay may answer, or undefined when Fastify must see it. */
  private variantOf(req: IncomingMessage): string | undefined {
    const { method, url, headers } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined || url.length > REPLAY_MAX_URL_CHARS) return;
    if (headers['if-none-match'] !== undefined || headers.host === undefined) return;
    if (
      !this.opts.forwardedIgnored &&
      (headers['x-forwarded-host'] !== undefined || headers['x-forwarded-proto'] !== undefined)
    )
      return;
    return `${method} ${negotiateEncoding(headers['accept-encoding']) ?? 'identity'} ${headers.host} ${url}`;
  }

  /** Answer `req` from a recording; false when Fastify has to (nothing was written). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.closed || this.recordings.size === 0) return false;
    const started = performance.now();
    const variant = this.variantOf(req);
    if (variant === undefined) return false;
    const recording = this.recordings.get(variant);
    if (recording === undefined || malformedHeader(req.headers) !== undefined) return false;
    const entry = this.opts.cache.fresh(recording.cacheKey);
    if (entry === undefined || entry !== recording.entry.deref()) {
      this.recordings.delete(variant);
      // refreshed since: the early hit path sends the new entry (and records it) without a second lookup
      if (entry) this.handedOn.set(req, { key: recording.cacheKey, entry });
      return false;
    }
    res.writeHead(recording.status, recording.head);
    res.end(req.method === 'HEAD' ? undefined : bodyOf(entry, recording.encoding));
    const ms = performance.now() - started;
    recording.accounting.count(ms / 1000);
    recording.log.info({ reqId: this.opts.requestId(req), ms: Math.round(ms * 10) / 10 }, 'request');
    return true;
  }

  /** The fresh entry `serve` looked up for this request and key, if it did (then it is not looked up again). */
  takeHandedOn(req: IncomingMessage, key: string): CacheEntry | undefined {
    const handed = this.handedOn.get(req);
    return handed?.key === key ? handed.entry : undefined;
  }

  /**
   * Keep what Fastify sent for a fresh early hit of `entry` (`headers`: the reply's, once the answer is complete), so
   * the next requests of the same variant are replayed. Answers that set a cookie or were not sent whole are not kept.
   */
  record(
    req: IncomingMessage,
    res: ServerResponse,
    headers: Record<string, string | number | string[] | undefined>,
    hit: { key: string; entry: CacheEntry },
    accounting: ReplayAccounting,
  ) {
    if (this.closed || !res.writableFinished || res.statusCode !== hit.entry.status) return;
    if (headers['set-cookie'] !== undefined) return;
    const variant = this.variantOf(req);
    if (variant === undefined) return;
    const sent = headers['content-encoding'];
    const encoding: Encoding = sent === 'br' || sent === 'gzip' ? sent : 'identity';
    const head: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || WRITTEN_BY_NODE.has(name)) continue;
      for (const one of Array.isArray(value) ? value : [value]) head.push(name, String(one));
    }
    if (!this.recordings.has(variant) && this.recordings.size >= this.maxRecordings) {
      const oldest = this.recordings.keys().next().value;
      if (oldest !== undefined) this.recordings.delete(oldest);
    }
    this.recordings.set(variant, {
      cacheKey: hit.key,
      entry: new WeakRef(hit.entry),
      status: res.statusCode,
      encoding,
      head,
      accounting,
      // the request log's line (plugins/request-log.ts): the same fields, those of the variant bound here, and
      // `replay: true`
      log: this.opts.log.child({
        req: { method: req.method, url: req.url },
        route: accounting.route,
        status: res.statusCode,
        cache: 'hit',
        replay: true,
      }),
    });
  }

  /** Stop replaying (the server is closing: Fastify answers, and closes the connections). */
  close() {
    this.closed = true;
    this.recordings.clear();
  }

  get size() {
    return this.recordings.size;
  }
}

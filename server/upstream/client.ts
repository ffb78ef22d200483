import { errors as undiciErrors, interceptors, Pool, type Dispatcher } from 'undici';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Locale } from '../../shared/constants.ts';
import { RETRY_STATUSES } from '../../shared/constants.ts';
import type { Query } from '../../shared/api/calls.ts';
import { UpstreamError } from '../errors.ts';
import { createBreaker, type BreakerSnapshot, type BreakerState, type CircuitBreaker } from './breaker.ts';
import { dropNullish, toSearch } from './query.ts';

export interface UpstreamRequest {
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  locale: Locale;
  query?: Query;
  body?: unknown;
  headers?: Record<string, string | null | undefined>;
  /** called for each retry of this request (metrics) */
  onRetry?: () => void;
}

export interface UpstreamResponse {
  status: number;
  /** The body as text: consumed in full, so the connection goes back to the pool. */
  text: string;
}

export interface UpstreamBytes {
  status: number;
  contentType: string | undefined;
  /** the upstream's `Surrogate-Key` (the items that show a media file), as sent */
  surrogateKey: string | undefined;
  bytes: Buffer;
}

export interface UpstreamClient {
  readonly origin: string;
  send(req: UpstreamRequest): Promise<UpstreamResponse>;
  /** A binary GET (media), with the same retry and deadline. */
  sendBytes(path: string, locale: Locale): Promise<UpstreamBytes>;
  /** the circuit breaker of this origin (state for /readyz and metrics) */
  breaker(): BreakerSnapshot;
  /** calls that went out, bodies cut off for exceeding maxBytes */
  readonly counters: Readonly<{ calls: number; oversized: number }>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  log: Logger;
  /** Pause before the one retry; small, because a visitor is waiting. */
  retryDelayMs?: number;
  /** largest body read (JSON or media); larger bodies are cut off while streaming */
  maxBytes: number;
  /** circuit breaker: consecutive failures that open it, and how long it stays open */
  breaker: { threshold: number; openMs: number };
}

const RETRY_ERROR_CODES = [
  'ECONNRESET',
  'ECONNREFUSED',
  'ENOTFOUND',
  'ENETDOWN',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EHOSTUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
];

/**
 * Read a body up to maxBytes; past it, destroy the stream (undici drops the socket), count it in `counters.oversized`
 * and fail.
 */
async function readLimited(
  res: Dispatcher.ResponseData,
  path: string,
  maxBytes: number,
  counters: { oversized: number },
): Promise<Buffer> {
  const declared = Number(res.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  const tooLarge = () => {
    counters.oversized += 1;
    res.body.destroy();
    return new UpstreamError('BFF_ERR_UPSTREAM_TOO_LARGE', `Upstream ${path} body exceeds ${maxBytes} bytes`, path);
  };
  if (declared > maxBytes) throw tooLarge();
  for await (const chunk of res.body) {
    // a body without an encoding yields Buffers; anything else is turned into one rather than trusted
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += bytes.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/**
 * One keep-alive pool per upstream origin, with undici's retry interceptor: exactly one retry for GET/HEAD on the
 * statuses of SPEC §9 and on connection errors; POST is never retried. One overall deadline covers both attempts.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const retryDelayMs = options.retryDelayMs ?? 100;
  const { maxBytes } = options;
  const counters = { calls: 0, oversized: 0 };
  const breaker: CircuitBreaker = createBreaker({
    ...options.breaker,
    onStateChange: (state: BreakerState, previous: BreakerState) => {
      const line = { upstream: { origin, breaker: state, previous } };
      if (state === 'open') options.log.warn(line, 'upstream circuit breaker opened');
      else options.log.info(line, `upstream circuit breaker ${state}`);
    },
  });

  /** Run one upstream call through the breaker; an open breaker refuses it without touching the network. */
  async function guarded<T extends { status: number }>(path: string, call: () => Promise<T>): Promise<T> {
    if (!breaker.tryAcquire()) {
      const snapshot = breaker.snapshot();
      const err = new UpstreamError('BFF_ERR_UPSTREAM_CIRCUIT_OPEN', `Upstream ${path} not called: circuit open`, path);
      err.retryAfterSeconds = Math.max(1, snapshot.retryAfterSeconds);
      throw err;
    }
    counters.calls += 1;
    let result: T;
    try {
      result = await call();
    } catch (raw) {
      const err = raw instanceof UpstreamError ? raw : toUpstreamError(raw, path);
      if (err.code === 'BFF_ERR_UPSTREAM_TOO_LARGE' || (err.upstreamStatus ?? 500) < 500) breaker.success();
      else breaker.failure();
      if (err.statusCode === 503) err.retryAfterSeconds = Math.max(1, breaker.snapshot().retryAfterSeconds);
      throw err;
    }
    if (result.status >= 500) breaker.failure();
    else breaker.success();
    return result;
  }
  const pool = new Pool(origin, {
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 10_000,
    connectTimeout: options.timeoutMs,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  // each request has its own deadline signal, which every attempt carries: a second attempt with it is a retry
  const retryHooks = new WeakMap<AbortSignal, { attempts: number; onRetry: () => void }>();
  const countAttempts: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) => {
    // request() passes its options, signal included, down to dispatch
    const signal = 'signal' in opts ? opts.signal : undefined;
    const hook = signal instanceof AbortSignal ? retryHooks.get(signal) : undefined;
    if (hook && ++hook.attempts > 1) hook.onRetry();
    return dispatch(opts, handler);
  };
  const dispatcher: Dispatcher = pool.compose(
    countAttempts,
    interceptors.retry({
      maxRetries: 1,
      methods: ['GET', 'HEAD'],
      statusCodes: [...RETRY_STATUSES],
      errorCodes: RETRY_ERROR_CODES,
      minTimeout: retryDelayMs,
      maxTimeout: retryDelayMs,
      timeoutFactor: 1,
    }),
  );

  async function send(req: UpstreamRequest): Promise<UpstreamResponse> {
    const path = basePath + req.path + toSearch(req.query);
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers = dropNullish({
      accept: 'application/json',
      'accept-language': req.locale,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...req.headers,
    });
    return guarded(req.path, async () => {
      // body methods bypass the retry interceptor entirely: a POST is never repeated
      const via: Dispatcher = req.method === 'POST' ? pool : dispatcher;
      const signal = AbortSignal.timeout(options.timeoutMs);
      if (req.onRetry) retryHooks.set(signal, { attempts: 0, onRetry: req.onRetry });
      const res = await via.request({ origin, path, method: req.method, headers, body, signal });
      const text = (await readLimited(res, req.path, maxBytes, counters)).toString('utf8');
      return { status: res.statusCode, text };
    });
  }

  async function sendBytes(path: string, locale: Locale): Promise<UpstreamBytes> {
    return guarded(path, async () => {
      const res = await dispatcher.request({
        origin,
        path: basePath + path,
        method: 'GET',
        headers: { 'accept-language': locale },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const bytes = await readLimited(res, path, maxBytes, counters);
      const type = res.headers['content-type'];
      const keys = res.headers['surrogate-key'];
      return {
        status: res.statusCode,
        contentType: Array.isArray(type) ? type[0] : type,
        surrogateKey: Array.isArray(keys) ? keys.join(' ') : keys,
        bytes,
      };
    });
  }

  return {
    origin,
    send,
    sendBytes,
    breaker: () => breaker.snapshot(),
    counters,
    close: () => pool.close(),
  };
}

function toUpstreamError(err: unknown, path: string): UpstreamError {
  if (err instanceof undiciErrors.RequestRetryError) {
    return new UpstreamError(
      'BFF_ERR_UPSTREAM_STATUS',
      `Upstream ${path} answered ${err.statusCode}`,
      path,
      err.statusCode,
      {
        cause: err,
      },
    );
  }
  const name = err instanceof Error ? err.name : '';
  const code = typeof err === 'object' && err !== null && 'code' in err ? err.code : undefined;
  if (
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new UpstreamError('BFF_ERR_UPSTREAM_TIMEOUT', `Upstream ${path} timed out`, path, undefined, { cause: err });
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new UpstreamError('BFF_ERR_UPSTREAM_UNAVAILABLE', `Upstream ${path} unavailable: ${reason}`, path, undefined, {
    cause: err,
  });
}

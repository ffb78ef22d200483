import { errors as undiciErrors, interceptors, Pool, type Dispatcher } from 'undici';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Locale } from '../../shared/constants.ts';
import { RETRY_STATUSES } from '../../shared/constants.ts';
import type { Query } from '../../shared/api/calls.ts';
import { UpstreamError } from '../errors.ts';
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
  ms: number;
}

export interface UpstreamBytes {
  status: number;
  contentType: string | undefined;
  bytes: Buffer;
}

export interface UpstreamClient {
  readonly origin: string;
  send(req: UpstreamRequest): Promise<UpstreamResponse>;
  /** A binary GET (media), with the same retry and deadline. */
  sendBytes(path: string, locale: Locale): Promise<UpstreamBytes>;
  close(): Promise<void>;
}

export interface UpstreamClientOptions {
  baseUrl: string;
  timeoutMs: number;
  log: Logger;
  /** Pause before the one retry; small, because a visitor is waiting. */
  retryDelayMs?: number;
  connections?: number;
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
 * One keep-alive pool per upstream origin, with undici's retry interceptor: exactly one retry for GET/HEAD on the
 * statuses of SPEC §9 and on connection errors; POST is never retried. One overall deadline covers both attempts.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = new URL(options.baseUrl);
  const origin = base.origin;
  const basePath = base.pathname.replace(/\/+$/, '');
  const retryDelayMs = options.retryDelayMs ?? 100;
  const pool = new Pool(origin, {
    connections: options.connections ?? 128,
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
    const { signal } = opts as { signal?: unknown };
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
    const started = performance.now();
    const body = req.body === undefined ? undefined : JSON.stringify(req.body);
    const headers = dropNullish({
      accept: 'application/json',
      'accept-language': req.locale,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...req.headers,
    });
    try {
      // body methods bypass the retry interceptor entirely: a POST is never repeated
      const via: Dispatcher = req.method === 'POST' ? pool : dispatcher;
      const signal = AbortSignal.timeout(options.timeoutMs);
      if (req.onRetry) retryHooks.set(signal, { attempts: 0, onRetry: req.onRetry });
      const res = await via.request({ origin, path, method: req.method, headers, body, signal });
      const text = await res.body.text();
      return { status: res.statusCode, text, ms: performance.now() - started };
    } catch (err) {
      throw toUpstreamError(err, req.path);
    }
  }

  async function sendBytes(path: string, locale: Locale): Promise<UpstreamBytes> {
    try {
      const res = await dispatcher.request({
        origin,
        path: basePath + path,
        method: 'GET',
        headers: { 'accept-language': locale },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const type = res.headers['content-type'];
      return { status: res.statusCode, contentType: Array.isArray(type) ? type[0] : type, bytes };
    } catch (err) {
      throw toUpstreamError(err, path);
    }
  }

  return {
    origin,
    send,
    sendBytes,
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
  const code = (err as { code?: string } | null)?.code ?? '';
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

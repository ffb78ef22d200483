import { STATUS_CODES } from 'node:http';

/**
 * Typed upstream failures. Each carries a stable `code`, the upstream path and, where the upstream answered, its
 * status; `statusCode` is what the BFF answers when the failure reaches a response (502, or 504 on time-out).
 */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
  readonly statusCode: number;
  constructor(
    readonly code:
      | 'BFF_ERR_UPSTREAM_STATUS'
      | 'BFF_ERR_UPSTREAM_UNAVAILABLE'
      | 'BFF_ERR_UPSTREAM_TIMEOUT'
      | 'BFF_ERR_UPSTREAM_SCHEMA'
      | 'BFF_ERR_UPSTREAM_CIRCUIT_OPEN'
      | 'BFF_ERR_UPSTREAM_TOO_LARGE',
    message: string,
    readonly path: string,
    readonly upstreamStatus?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.statusCode = upstreamErrorStatus(code, upstreamStatus);
  }
  /** seconds a client should wait before trying again (503s: the breaker's remaining open time) */
  retryAfterSeconds?: number;
}

/**
 * What the BFF answers for an upstream failure (ADR 0022): a time-out is 504; an outage (connection refused or reset,
 * the breaker open, the upstream answering 5xx) is 503 with Retry-After; a body we cannot use (bad schema, too large,
 * an unexpected 4xx) is 502.
 */
export function upstreamErrorStatus(code: UpstreamError['code'], upstreamStatus?: number): number {
  if (code === 'BFF_ERR_UPSTREAM_TIMEOUT') return 504;
  if (code === 'BFF_ERR_UPSTREAM_UNAVAILABLE' || code === 'BFF_ERR_UPSTREAM_CIRCUIT_OPEN') return 503;
  if (code === 'BFF_ERR_UPSTREAM_STATUS' && (upstreamStatus ?? 0) >= 500) return 503;
  return 502;
}

export const isUpstreamNotFound = (err: unknown): boolean => err instanceof UpstreamError && err.upstreamStatus === 404;

/**
 * An upstream failure as it leaves the ApiPort: shaped as react-router's error response (status, statusText, data,
 * internal), so documents and payloads answer its status (503/504/502) without touching the loaders, and Fastify
 * routes answer it through `statusCode`. Only the status and a generic text are enumerable (they reach payloads).
 */
export class UpstreamFailure extends Error {
  override name = 'UpstreamFailure';
  readonly status: number;
  readonly statusCode: number;
  readonly statusText: string;
  readonly internal = false;
  readonly data: string;
  declare readonly retryAfterSeconds?: number;
  constructor(readonly upstream: UpstreamError) {
    super(upstream.message);
    this.status = upstream.statusCode;
    this.statusCode = upstream.statusCode;
    this.statusText = STATUS_CODES[upstream.statusCode] ?? 'Bad Gateway';
    this.data = this.statusText;
    Object.defineProperty(this, 'upstream', { enumerable: false, value: upstream });
    if (upstream.retryAfterSeconds !== undefined)
      Object.defineProperty(this, 'retryAfterSeconds', { enumerable: false, value: upstream.retryAfterSeconds });
  }
}

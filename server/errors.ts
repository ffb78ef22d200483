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
      | 'BFF_ERR_UPSTREAM_SCHEMA',
    message: string,
    readonly path: string,
    readonly upstreamStatus?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.statusCode = code === 'BFF_ERR_UPSTREAM_TIMEOUT' ? 504 : 502;
  }
}

export const isUpstreamError = (err: unknown): err is UpstreamError => err instanceof UpstreamError;
export const isUpstreamNotFound = (err: unknown): boolean => isUpstreamError(err) && err.upstreamStatus === 404;

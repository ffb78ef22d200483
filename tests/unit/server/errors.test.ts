import { describe, expect, it } from 'vitest';
import { upstreamErrorStatus } from '../../../server/errors.ts';

describe('upstream failures → status', () => {
  it('answers each kind of upstream failure with its gateway status (504 time-out, 503 outage, 502 unusable body)', () => {
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_TIMEOUT')).toBe(504);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_UNAVAILABLE')).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_CIRCUIT_OPEN')).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_STATUS', 503)).toBe(503);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_STATUS', 404)).toBe(502);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_SCHEMA')).toBe(502);
    expect(upstreamErrorStatus('BFF_ERR_UPSTREAM_TOO_LARGE')).toBe(502);
  });
});

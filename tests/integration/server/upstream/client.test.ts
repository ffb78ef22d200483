import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_STATUSES } from '../../../../shared/constants.ts';
import { UpstreamError } from '../../../../server/errors.ts';
import { createUpstreamClient } from '../../../../server/upstream/client.ts';
import { hang, json, startFakeUpstream, type FakeUpstream } from '../../../helpers/fake-upstream.ts';
import { memoryLogger } from '../../../helpers/app.ts';

/** The body bound and breaker the app gives its client by default (server/config.ts). */
const limits = { maxBytes: 8 * 1024 * 1024, breaker: { threshold: 5, openMs: 10_000 } };

describe('upstream client', () => {
  let upstream: FakeUpstream;
  let client: ReturnType<typeof createUpstreamClient>;

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    client = createUpstreamClient({
      baseUrl: upstream.url,
      timeoutMs: 2000,
      log: memoryLogger().logger,
      retryDelayMs: 1,
      ...limits,
    });
  });
  afterAll(async () => {
    await client.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());

  it.each([...RETRY_STATUSES])('retries a GET exactly once on %i', async (status) => {
    upstream.handler = (_req, res) => json(res, status, { message: 'busy' });
    await expect(client.send({ method: 'GET', path: '/api/v1/news', locale: 'ru' })).rejects.toMatchObject({
      code: 'BFF_ERR_UPSTREAM_STATUS',
      upstreamStatus: status,
    });
    expect(upstream.requests).toHaveLength(2);
  });

  it('returns the retried answer when the second attempt succeeds', async () => {
    let calls = 0;
    upstream.handler = (_req, res) => (++calls === 1 ? json(res, 503, {}) : json(res, 200, { data: [] }));
    const res = await client.send({ method: 'GET', path: '/api/v1/sliders', locale: 'en' });
    expect(res.status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it.each([...RETRY_STATUSES])('never retries a POST, even on %i', async (status) => {
    upstream.handler = (_req, res) => json(res, status, {});
    const res = await client.send({ method: 'POST', path: '/api/v1/feedbacks', locale: 'ru', body: { name: 'A' } });
    expect(res.status).toBe(status);
    expect(upstream.requests).toHaveLength(1);
  });

  it('does not retry statuses outside the list', async () => {
    upstream.handler = (_req, res) => json(res, 404, { message: 'nope' });
    const res = await client.send({ method: 'GET', path: '/api/v1/news/x', locale: 'ru' });
    expect(res.status).toBe(404);
    expect(upstream.requests).toHaveLength(1);
  });

  it('retries once on a connection reset', async () => {
    upstream.handler = (_req, res) => {
      res.socket?.destroy();
    };
    await expect(client.send({ method: 'GET', path: '/api/v1/news', locale: 'ru' })).rejects.toBeInstanceOf(
      UpstreamError,
    );
    expect(upstream.requests).toHaveLength(2);
  });

  it('sends the locale as Accept-Language, without null and undefined entries, the query keys sorted', async () => {
    upstream.handler = (_req, res) => json(res, 200, {});
    await client.send({
      method: 'GET',
      path: '/api/v1/news',
      locale: 'en',
      // sorted, so that equal queries look the same
      query: { q: 'ice', tag: null, page: 2, year: undefined },
      headers: { 'x-trace': null, 'x-kept': 'yes', 'x-gone': undefined },
    });
    const req = upstream.requests[0];
    expect(req?.headers['accept-language']).toBe('en');
    expect(req?.url).toBe('/api/v1/news?page=2&q=ice');
    expect(req?.headers['x-kept']).toBe('yes');
    expect(req?.headers).not.toHaveProperty('x-trace');
    expect(req?.headers).not.toHaveProperty('x-gone');
  });

  it('gives up after the deadline with a timeout error', async () => {
    const slow = createUpstreamClient({
      baseUrl: upstream.url,
      timeoutMs: 150,
      log: memoryLogger().logger,
      retryDelayMs: 1,
      ...limits,
    });
    // never answers: only the client's own deadline ends the call
    upstream.handler = hang();
    await expect(slow.send({ method: 'GET', path: '/slow', locale: 'ru' })).rejects.toMatchObject({
      code: 'BFF_ERR_UPSTREAM_TIMEOUT',
      statusCode: 504,
    });
    await slow.close();
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { UpstreamFailure } from '../../../../server/errors.ts';
import { newTiming } from '../../../../server/tracing/timing.ts';
import { traceOf } from '../../../../server/tracing/trace-context.ts';
import { createApi } from '../../../../server/upstream/api.ts';
import { createUpstreamCache } from '../../../../server/upstream/cache.ts';
import { createUpstreamClient } from '../../../../server/upstream/client.ts';
import { memoryLogger } from '../../../helpers/app.ts';
import { json, startFakeUpstream, type FakeUpstream } from '../../../helpers/fake-upstream.ts';

/** Fake performance/Date; the clock starts above 0 (lru-cache treats a start time of 0 as "no TTL"). */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ['performance', 'Date'] });
  vi.advanceTimersByTime(1000);
}

const newsPage = {
  data: [],
  meta: { current_page: 1, per_page: 2, total: 0, last_page: 1 },
  links: { first: null, last: null, prev: null, next: null },
};

const sliders = (title: string) => ({
  data: [{ id: 1, title, subtitle: 's', url: null, image: { url: '/media/a.svg', alt: '' }, position: 1 }],
});

describe('cached upstream (ApiPort)', () => {
  let upstream: FakeUpstream;
  let client: ReturnType<typeof createUpstreamClient>;
  const log = memoryLogger();

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    client = createUpstreamClient({
      baseUrl: upstream.url,
      timeoutMs: 2000,
      log: log.logger,
      retryDelayMs: 1,
      maxBytes: 8 * 1024 * 1024,
      breaker: { threshold: 5, openMs: 10_000 },
    });
  });
  afterAll(async () => {
    await client.close();
    await upstream.close();
  });
  beforeEach(() => upstream.reset());
  afterEach(() => vi.useRealTimers());

  const newApi = (ttlMs = 3_600_000, locale: 'ru' | 'en' = 'ru') => {
    const cache = createUpstreamCache({ ttlMs, maxBytes: 1_000_000 });
    // each ApiPort serves a request of its own: its trace and timing
    const scope = () => ({ trace: traceOf(undefined, false), timing: newTiming() });
    return { cache, api: (l = locale) => createApi({ client, cache }, l, log.logger, scope()) };
  };

  const requested = () => upstream.requests.map((r) => `${r.url} ${String(r.headers['accept-language'])}`);

  it('keys by locale', async () => {
    upstream.handler = (_req, res) => json(res, 200, sliders('x'));
    const { api } = newApi();
    await api('ru').get('sliders');
    await api('en').get('sliders');
    expect(requested()).toEqual(['/api/v1/sliders ru', '/api/v1/sliders en']);
  });

  it('keys by the sorted query, without empty entries', async () => {
    upstream.handler = (_req, res) => json(res, 200, newsPage);
    const { api } = newApi();
    await api('ru').get('news', { query: { page: 1, per_page: 2 } });
    await api('ru').get('news', { query: { per_page: 2, page: 1, tag: null } });
    expect(requested()).toEqual(['/api/v1/news?page=1&per_page=2 ru']);
  });

  it('does not cache errors', async () => {
    upstream.handler = (_req, res) => json(res, 404, { message: 'gone' });
    const { api } = newApi();
    await expect(api().get('sliders')).rejects.toMatchObject({ upstreamStatus: 404 });
    upstream.handler = (_req, res) => json(res, 200, sliders('back'));
    expect((await api().get('sliders')).data[0]?.title).toBe('back');
  });

  it('serves the stale entry when the refresh after expiry fails', async () => {
    useFakeClock();
    upstream.handler = (_req, res) => json(res, 200, sliders('fresh'));
    const { api, cache } = newApi(3_600_000);
    await api().get('sliders');
    vi.advanceTimersByTime(3_600_001);
    upstream.handler = (_req, res) => json(res, 500, { message: 'down' });
    const stale = await api().get('sliders');
    expect(stale.data[0]?.title).toBe('fresh');
    expect(cache.stats.l1.stale).toBe(1);
    // the refresh was tried (with its one retry) before falling back
    expect(upstream.requests).toHaveLength(3);
    expect(log.lines.some((l) => l.msg === 'upstream refresh failed; served stale')).toBe(true);
  });

  it('rejects a body that does not match the shared schema', async () => {
    upstream.handler = (_req, res) => json(res, 200, { data: 'not a list' });
    const { api } = newApi();
    // it leaves the ApiPort as a 502 route error response, the upstream error kept inside
    const err: unknown = await api()
      .get('sliders')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpstreamFailure);
    expect(err).toMatchObject({ status: 502, statusText: 'Bad Gateway' });
    expect((err as UpstreamFailure).upstream.code).toBe('BFF_ERR_UPSTREAM_SCHEMA');
  });

  it('maps a 404 to null in find()', async () => {
    const { api } = newApi();
    upstream.handler = (_req, res) => json(res, 404, { message: 'News item not found' });
    await expect(api().find('newsItem', { params: { slug: 'missing' } })).resolves.toBeNull();
  });

  it('answers the second request from the cache, and logs each call at debug with path, status, ms and outcome', async () => {
    upstream.handler = (_req, res) => json(res, 200, sliders('one'));
    const { api, cache } = newApi();
    log.lines.length = 0;
    await api().get('sliders');
    expect((await api().get('sliders')).data[0]?.title).toBe('one');
    expect(upstream.requests).toHaveLength(1);
    expect(cache.stats.l1).toMatchObject({ hit: 1, miss: 1 });
    const calls = log.lines.filter((l) => l.msg === 'upstream call').map((l) => l.upstream as Record<string, unknown>);
    expect(calls.map((c) => c.cache)).toEqual(['miss', 'hit']);
    expect(calls[0]).toMatchObject({ path: '/api/v1/sliders', status: 200, locale: 'ru' });
    expect(typeof calls[0]?.ms).toBe('number');
  });
});

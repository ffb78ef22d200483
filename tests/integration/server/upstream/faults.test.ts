import { beforeEach, describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../../helpers/app.ts';
import { forwardTo, gate, json } from '../../../helpers/fake-upstream.ts';

// the breaker is tested in breaker.test.ts and the page cache is off: every fault must reach the upstream and the page
const {
  app,
  logs,
  upstream,
  upstreamCalls: calls,
  contentApiUrl,
} = await startRecordedApp({ config: { UPSTREAM_BREAKER_THRESHOLD: 1000, PAGE_CACHE_TTL_MS: 0 } });
beforeEach(() => app.upstream.cache.clear());

describe('BFF under upstream faults', () => {
  it('makes one upstream call for 50 concurrent cold page requests', async () => {
    // the upstream answers once it has the first call: the 50 requests were started in one tick and reach their
    // loaders without any I/O, so by then each has made or joined the same calls
    const held = gate();
    upstream.handler = async (req, res) => {
      await held.passed;
      await forwardTo(contentApiUrl)(req, res);
    };
    const all = Promise.all(Array.from({ length: 50 }, () => app.inject({ method: 'GET', url: '/news' })));
    await expect.poll(() => upstream.requests.length).toBeGreaterThan(0);
    held.open();
    const results = await all;
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(calls('/api/v1/news')).toHaveLength(1);
    expect(calls('/api/v1/main-menu')).toHaveLength(1);
  });

  it('answers the second visit from the cache', async () => {
    await app.inject({ method: 'GET', url: '/en/news' });
    const before = upstream.requests.length;
    const res = await app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    expect(upstream.requests.length).toBe(before);
  });

  const newsInMaintenance = () => {
    upstream.handler = (req, res) =>
      req.url.startsWith('/api/v1/news')
        ? json(res, 503, { message: 'maintenance' })
        : forwardTo(contentApiUrl)(req, res);
    logs.length = 0;
    return app.inject({ method: 'GET', url: '/news' });
  };

  it('shows the 503 error page inside the layout when the page data cannot be had; retries, logs and counts the call', async () => {
    const res = await newsInMaintenance();
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toContain('Ошибка сервера');
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('На главную');
    // the failed page-data call is retried once, logged, and counted in /metrics by name and result
    expect(calls('/api/v1/news')).toHaveLength(2);
    expect(logs.some((l) => l.msg === 'upstream call failed')).toBe(true);
    const metrics = await app.metrics.metrics();
    expect(metrics).toMatch(/upstream_retries_total\{call="news"\} [1-9]/);
    expect(metrics).toMatch(/upstream_requests_total\{call="news",result="BFF_ERR_UPSTREAM_STATUS"\} [1-9]/);
    // and the page is served again once its data can be had
    upstream.handler = forwardTo(contentApiUrl);
    expect((await app.inject({ method: 'GET', url: '/news' })).statusCode).toBe(200);
  });

  it('keeps the header and footer working when only the chrome calls fail (bundled dictionary)', async () => {
    upstream.handler = (req, res) =>
      req.url.startsWith('/api/v1/translations') || req.url.startsWith('/api/v1/main-menu')
        ? void res.socket?.destroy()
        : forwardTo(contentApiUrl)(req, res);
    const res = await app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>News</h1>');
    expect(res.body).toContain('Skip to content');
    expect(res.body).toContain('class="site-footer"');
  });

  it('answers a payload with a 503 JSON when the page data fails, not a crash', async () => {
    upstream.handler = (_req, res) => json(res, 502, {});
    const res = await app.inject({ method: 'GET', url: '/news/_payload.json?anybuild' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('survives an upstream that answers garbage', async () => {
    upstream.handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": oops');
    };
    const res = await app.inject({ method: 'GET', url: '/news/some-story' });
    expect(res.statusCode).toBe(502);
    expect(logs.some((l) => (l.err as { code?: string } | undefined)?.code === 'BFF_ERR_UPSTREAM_SCHEMA')).toBe(true);
  });
});

describe('rich text and render failures', () => {
  const story = (body: string, publishedAt = '2026-01-10T10:00:00+00:00') => ({
    data: {
      id: 999,
      slug: 'hostile',
      title: 'Hostile',
      excerpt: 'x',
      published_at: publishedAt,
      image: null,
      tags: [],
      body,
      related: [],
    },
  });

  it('sanitizes rich text from the upstream before it is rendered', async () => {
    upstream.handler = (req, res) =>
      req.url.startsWith('/api/v1/news/hostile')
        ? json(
            res,
            200,
            story('<p onmouseover="steal()">Text<script>alert(1)</script><a href="javascript:alert(2)">link</a></p>'),
          )
        : forwardTo(contentApiUrl)(req, res);
    const res = await app.inject({ method: 'GET', url: '/news/hostile' });
    expect(res.statusCode).toBe(200);
    const article = res.body.slice(res.body.indexOf('class="rich-text"'), res.body.indexOf('</article>'));
    expect(article).toContain('Text');
    expect(article).not.toMatch(/onmouseover|alert\(|javascript:/);
  });

  const renderFailure = () => {
    upstream.handler = (req, res) =>
      req.url.startsWith('/api/v1/news/hostile')
        ? json(res, 200, story('<p>ok</p>', 'not a date'))
        : forwardTo(contentApiUrl)(req, res);
    logs.length = 0;
    return app.inject({ method: 'GET', url: '/en/news/hostile' });
  };

  it('turns an exception while rendering into the 500 page inside the layout, logs it, and serves other pages after', async () => {
    const res = await renderFailure();
    expect(res.statusCode).toBe(500);
    expect(res.body).toContain('Server error');
    expect(res.body).toContain('class="site-footer"');
    expect(logs.some((l) => l.msg === 'render failed')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/en/news' })).statusCode).toBe(200);
  });
});

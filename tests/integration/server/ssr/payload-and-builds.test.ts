import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../helpers/app.ts';
import { readBuildInfo } from '../../../../server/build-info.ts';
import { startMetricsServer } from '../../../../server/metrics-server.ts';
import { paths } from '../../../../server/paths.ts';
import type { Payload } from '../../../../shared/payload.ts';
import { stringsRouteId } from '../../../../shared/router/route-tree.ts';

const { app, get } = await startTestApp();
const build = readBuildInfo(paths().buildInfo);

describe('payload endpoint', () => {
  it('answers {path}/_payload.json?{buildId} with the loader data of the page, without the layout data', async () => {
    const res = await get(`/news/_payload.json?${build.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const payload = res.json<Payload>();
    expect(payload.status).toBe(200);
    // the page's data and its section's strings (ADR 0081), not the root layout's
    expect(Object.keys(payload.loaderData)).toEqual([stringsRouteId('news'), 'news-list']);
    const list = payload.loaderData['news-list'] as { items: { slug: string }[]; meta: { current_page: number } };
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.meta.current_page).toBe(1);
  });

  it('passes the page query through to the loader and localizes the payload by its path', async () => {
    const res = await get(`/en/news/_payload.json?${build.id}&page=2`);
    const list = res.json<Payload>().loaderData['news-list'] as {
      items: { title: string }[];
      meta: { current_page: number };
    };
    expect(list.meta.current_page).toBe(2);
    const ru = await get(`/news/_payload.json?${build.id}&page=2`);
    const ruList = ru.json<Payload>().loaderData['news-list'] as { items: { title: string }[] };
    expect(ruList.items[0]?.title).not.toBe(list.items[0]?.title);
  });

  it('serves the home payload at /_payload.json and /en/_payload.json', async () => {
    for (const url of [`/_payload.json?${build.id}`, `/en/_payload.json?${build.id}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json<Payload>().loaderData)).toEqual([stringsRouteId('home'), 'home']);
    }
  });

  it('answers 404 JSON for an unknown path and an unknown slug, with the SPEC §8 message', async () => {
    for (const [url, message] of [
      ['/no/such/page', 'Page not found: /no/such/page'],
      ['/en/news/no-such-story', 'Page Not Found: /en/news/no-such-story'],
    ] as const) {
      // JSON even to a client that asks for HTML
      const res = await get(`${url}/_payload.json?${build.id}`, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(JSON.stringify(res.json<Payload>().errors)).toContain(message);
    }
  });

  it('never answers JSON for an HTML URL', async () => {
    const res = await get('/news', { accept: 'application/json' });
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('build manifests', () => {
  it('answers /builds/latest.json with the current id and timestamp, not cached', async () => {
    const res = await get(`/builds/latest.json?${Date.now()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: build.id, timestamp: build.timestamp });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers /builds/meta/{id}.json for the current id only', async () => {
    const res = await get(`/builds/meta/${build.id}.json`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: build.id,
      timestamp: build.timestamp,
      matcher: expect.any(Object),
    });
    expect(res.headers['cache-control']).toContain('immutable');
    // the legal pages of both locales are prerendered
    expect(res.json<{ prerendered: string[] }>().prerendered.sort()).toEqual(
      [
        '/content/privacy-policy',
        '/content/terms-and-conditions',
        '/en/content/privacy-policy',
        '/en/content/terms-and-conditions',
      ].sort(),
    );
    expect((await get('/builds/meta/0123456789ab.json')).statusCode).toBe(404);
  });
});

describe('static assets and health', () => {
  it('serves hashed assets with immutable caching', async () => {
    const html = (await get('/news')).body;
    const asset = /src="(\/assets\/entry\.client-[\w-]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const res = await get(asset!, { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers /healthz with ok', async () => {
    expect((await get('/healthz')).json()).toEqual({ status: 'ok' });
  });

  it('answers /readyz with ready and a closed breaker', async () => {
    expect((await get('/readyz')).json()).toEqual({ status: 'ready', upstream: { breaker: 'closed' } });
  });

  it('proxies media from the content API', async () => {
    const res = await get('/media/logo-wgms.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
  });
});

describe('metrics', () => {
  it('does not serve /metrics on the public port', async () => {
    // /metrics lives on its own listener (METRICS_PORT), not on the public port
    expect((await get('/metrics')).statusCode).toBe(404);
  });

  it('exposes request, cache and event-loop metrics in Prometheus format on the metrics listener', async () => {
    await get('/news');
    await get('/news');
    await get('/en/news/_payload.json?abcdef123456');
    await get('/no/such/page');
    const server = await startMetricsServer(app.metrics, { port: 0, host: '127.0.0.1' });
    const answer = await fetch(server.url);
    await server.close();
    const res = { statusCode: answer.status, body: await answer.text() };
    expect(res.statusCode).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="news-list",status="200"\} \d+/);
    expect(res.body).not.toContain('route="/*"');
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="payload:news-list",status="200"\} [1-9]/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="not-found",status="404"\} [1-9]/);
    expect(res.body).toMatch(/cache_lookups_total\{cache="upstream",layer="l1",outcome="hit"\} [1-9]\d*/);
    expect(res.body).toMatch(/ssr_render_duration_seconds_bucket\{le="[\d.]+",route="news-list"\} [1-9]/);
    expect(res.body).toMatch(/upstream_request_duration_seconds_count\{call="\w+"\} [1-9]/);
    expect(res.body).toContain('event_loop_lag_p99_seconds');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('prerendered payloads', () => {
  it('serves the payloads of the legal pages made at build time', async () => {
    const res = await get(`/en/content/privacy-policy/_payload.json?${build.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Object.keys(res.json<Payload>().loaderData)).toEqual(['privacy-policy']);
  });
});

import { describe, expect, it } from 'vitest';
import { REMOVAL_WORKER } from '../../../../server/routes/service-worker.ts';
import { loadClientBuild } from '../../../../server/ssr/prod.ts';
import { WORKER_CONFIG_GLOBAL, type WorkerConfig } from '../../../../shared/offline.ts';
import { startTestApp } from '../../../helpers/app.ts';

const build = loadClientBuild();
const { app: on } = await startTestApp({ config: { SERVICE_WORKER: 'on' } });
const { app: off } = await startTestApp({ config: { SERVICE_WORKER: 'off' } });

/** The configuration the server wrote in front of the worker's code. */
function workerConfig(script: string): WorkerConfig {
  const line = script.slice(0, script.indexOf('\n'));
  const prefix = `self.${WORKER_CONFIG_GLOBAL}=`;
  expect(line.startsWith(prefix)).toBe(true);
  return JSON.parse(line.slice(prefix.length, -1)) as WorkerConfig;
}

describe('GET /sw.js', () => {
  it('answers the built worker with its configuration in front, always revalidated', async () => {
    const res = await on.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(res.body).toContain(build.worker?.code.slice(0, 200));
  });

  it('answers 304 to a browser that has the same worker', async () => {
    const first = await on.inject({ method: 'GET', url: '/sw.js' });
    const again = await on.inject({ method: 'GET', url: '/sw.js', headers: { 'if-none-match': first.headers.etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('names the build the build poll names', async () => {
    const latest = (await on.inject({ method: 'GET', url: '/builds/latest.json' })).json<{ id: string }>();
    const config = workerConfig((await on.inject({ method: 'GET', url: '/sw.js' })).body);
    expect(config.buildId).toBe(latest.id);
    expect(config.buildId).toBe(build.build.id);
  });

  it('precaches the first-load assets of the Vite manifest', async () => {
    const config = workerConfig((await on.inject({ method: 'GET', url: '/sw.js' })).body);
    expect(config.precache).toEqual(
      expect.arrayContaining([...build.bootstrapModules, ...build.assets.preloads, ...build.assets.styles]),
    );
  });

  it('precaches what every page loads after them (header, footer, runtime, back-to-top, error page; ADR 0102), nothing else', async () => {
    const config = workerConfig((await on.inject({ method: 'GET', url: '/sw.js' })).body);
    const first = [...build.bootstrapModules, ...build.assets.preloads, ...build.assets.styles];
    const after = config.precache.filter((url) => !first.includes(url)).map((url) => url.replace(/-[\w-]{8}\.js$/, ''));
    expect(after.sort()).toEqual([
      '/assets/ErrorPage',
      '/assets/FeedbackLink',
      '/assets/Footer',
      '/assets/Header',
      '/assets/PartnerLogos',
      '/assets/app-manifest',
      '/assets/ask-worker',
      '/assets/back-to-top',
      '/assets/chrome',
      '/assets/connection',
      '/assets/feedback',
      '/assets/page-kit',
      '/assets/payload',
      '/assets/payload-client',
      '/assets/prefetch',
      '/assets/service-worker',
      '/assets/use-escape',
      '/assets/use-scroll-lock',
    ]);
  });

  it("keeps the feedback form's chunks apart, for connections that are not metered", async () => {
    const config = workerConfig((await on.inject({ method: 'GET', url: '/sw.js' })).body);
    expect(config.kit.some((url) => /^\/assets\/FeedbackDialog-[\w-]+\.js$/.test(url))).toBe(true);
    expect(config.kit.some((url) => /^\/assets\/validation-[\w-]+\.js$/.test(url))).toBe(true);
    expect(config.kit.filter((url) => config.precache.includes(url))).toEqual([]);
  });

  it('tells pages to register the worker', async () => {
    const page = await on.inject({ method: 'GET', url: '/news' });
    expect(page.body).toContain('"serviceWorker":true');
  });
});

describe('the kill switch (SERVICE_WORKER=off)', () => {
  it('answers a worker that deletes the caches and unregisters itself', async () => {
    const res = await off.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(REMOVAL_WORKER);
    expect(res.body).toContain('self.registration.unregister()');
    expect(res.body).toContain('caches.delete');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('tells pages not to register it', async () => {
    const page = await off.inject({ method: 'GET', url: '/news' });
    expect(page.body).toContain('"serviceWorker":false');
  });
});

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../../server/paths.ts';
import { rawRequest } from '../../../helpers/raw-http.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

const { app, logs, port } = await startServedApp();
const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(port, target, { accept: 'text/html', ...headers });

describe('one canonical URL per page', () => {
  it.each([
    ['//evil.example/news', '/evil.example/news'],
    ['//x.js', '/x.js'],
    ['/news//', '/news'],
    ['/NEWS', '/news'],
    ['/News?page=2', '/news?page=2'],
    ['/news/', '/news'],
    ['/en/', '/en'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/en/index', '/en'],
    ['/en/news/index', '/en/news'],
    ['/%D0%9F/A', '/%D0%9F/a'],
    // an escape is kept as written, its case too
    ['/%d0%9f/X', '/%d0%9f/x'],
  ])('%s → 301 %s', async (target, location) => {
    const res = await get(target);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it('answers a missing build asset with a plain 404, not a page', async () => {
    for (const target of ['/assets/..', '/assets/Missing-AbC.js']) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('never renders another page for a path that resolves elsewhere', async () => {
    const before = app.edge.counters.rejections.dot_segment ?? 0;
    const targets = ['/news/../about', '/news/%2e%2e/about', '/./news', '/news/%2E/about', '/\\evil.example'];
    for (const target of targets) {
      const res = await get(target);
      expect(res.status, target).toBe(404);
      expect(res.body).toContain('class="site-header"');
      expect(res.body).toContain('data-status="404"');
    }
    expect(app.edge.counters.rejections.dot_segment).toBe(before + targets.length);
  });

  it('does not redirect payloads: a non-canonical payload URL is a 404', async () => {
    expect((await get('//evil.example/_payload.json?x', { accept: 'application/json' })).status).toBe(404);
    expect((await get('/NEWS/_payload.json?x', { accept: 'application/json' })).status).toBe(404);
  });
});

describe('bad escapes and what is echoed back', () => {
  it('answers a malformed escape with the branded 400 page', async () => {
    logs.length = 0;
    const res = await get('/news/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('class="site-header"');
    expect(res.body).toContain('class="site-footer"');
    expect(res.body).not.toContain('FST_ERR_BAD_URL');
    // not logged as an error, counted as a bad URL rejection
    expect(logs.filter((l) => l.level >= 50)).toEqual([]);
    expect(app.edge.counters.rejections.bad_url).toBeGreaterThanOrEqual(1);
  });

  it('answers a malformed escape in the language of the path', async () => {
    const en = await get('/en/news/%E0%A4%A');
    expect(en.status).toBe(400);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Skip to content');
  });

  it('answers 414 to an overlong path, with a small page', async () => {
    const res = await get(`/${'a'.repeat(4 * 1024)}`);
    expect(res.status).toBe(414);
    expect(app.edge.counters.rejections.uri_too_long).toBeGreaterThanOrEqual(1);
    expect(res.body).toContain('class="site-header"');
    expect(res.body).not.toContain('a'.repeat(300));
  });

  it('answers 431 to a path past the header limit', async () => {
    // past Node's header limit (16 KiB) the HTTP parser answers 431 before any route runs
    expect((await get(`/${'a'.repeat(16 * 1024)}`)).status).toBe(431);
  });

  it('keeps the 404 page small for the longest path accepted', async () => {
    const res = await get(`/${'b'.repeat(1000)}`);
    expect(res.status).toBe(404);
    // the path is echoed a few times at most; 16 KB paths no longer make 200 KB pages
    expect(res.body.length).toBeLessThan(60_000);
  });

  it('bounds the search query a page echoes by the URL limit', async () => {
    const res = await get(`/search?q=${'c'.repeat(9000)}`);
    expect(res.status).toBe(414);
  });
});

describe('exposure', () => {
  const assetFiles = () => readdirSync(join(paths().clientDist, 'assets'));

  it('keeps source maps out of dist/client', () => {
    expect(assetFiles().filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(existsSync(join(paths().dist, 'sourcemaps'))).toBe(true);
  });

  it('never serves source maps', async () => {
    const js = assetFiles().find((f) => f.endsWith('.js'));
    expect(js).toBeDefined();
    expect((await get(`/assets/${js}`, { accept: '*/*' })).status).toBe(200);
    expect((await get(`/assets/${js}.map`, { accept: '*/*' })).status).toBe(404);
  });

  it('sends no HSTS when the site is not known to be https', async () => {
    expect((await get('/news')).headers['strict-transport-security']).toBeUndefined();
  });
});

import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { loadClientBuild } from '../../server/ssr/prod.ts';
import { loadContent } from '../../server/content-api/store.ts';
import { paths } from '../../server/paths.ts';
import { sharedContentApi } from '../helpers/app.ts';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { forwardTo, startFakeUpstream } from '../helpers/fake-upstream.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();
const content = loadContent(paths().content);
const newsBySlug = [...content.news].sort((a, b) => b.published_at.localeCompare(a.published_at));
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(run)('client runtime (Chromium)', () => {
  let browser: Browser;
  let origin: string;
  let slowOrigin: string;
  let clientBuild: ReturnType<typeof loadClientBuild>;
  let brokenOrigin: string;
  let brokenDir: string;

  beforeAll(async () => {
    ({ origin, clientBuild } = await startServedApp({
      config: { BUILD_CHECK_INTERVAL_MS: 1000 },
      clientBuild: loadClientBuild(),
    }));
    // news details answer slowly, so prefetches overlap and the cap is visible
    const content = await sharedContentApi();
    const slow = await startFakeUpstream(async (req, res) => {
      if (/^\/api\/v1\/news\/[a-z]/.test(req.url)) await pause(400);
      await forwardTo(content.url)(req, res);
    });
    afterAll(() => slow.close());
    slowOrigin = (await startServedApp({ upstreamUrl: slow.url })).origin;
    // a deploy that removed a section's code chunk
    brokenDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    cpSync(paths().clientDist, brokenDir, { recursive: true });
    for (const file of readdirSync(join(brokenDir, 'assets')))
      if (file.startsWith('study-')) rmSync(join(brokenDir, 'assets', file));
    brokenOrigin = (await startServedApp({ clientBuild: { ...loadClientBuild(), clientDir: brokenDir } })).origin;
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    if (brokenDir) rmSync(brokenDir, { recursive: true, force: true });
  });

  it('prefetches visible links, never more than 5 at once, each page once', async () => {
    const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 3000 } });
    const page = await context.newPage();
    let inFlight = 0;
    let maxInFlight = 0;
    const started: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/_payload.json')) return;
      started.push(r.url());
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
    });
    const done = (r: { url(): string }) => {
      if (r.url().includes('/_payload.json')) inFlight -= 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(`${slowOrigin}/news`, { waitUntil: 'load' });
    await hydrated(page);
    await expect
      .poll(() => started.filter((u) => /\/news\/[a-z0-9-]+\/_payload/.test(u)).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(9);
    expect(maxInFlight).toBeLessThanOrEqual(5);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(new Set(started).size).toBe(started.length);
    await context.close();
  });

  it('does not prefetch with Save-Data on, and still navigates with one payload', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { saveData: true, effectiveType: '4g' },
        configurable: true,
      });
    });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${origin}/news`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.locator('a.card__link').first().hover();
    await pause(500);
    expect(watch.payloads()).toHaveLength(0);
    const href = await page.locator('a.card__link').first().getAttribute('href');
    await page.locator('a.card__link').first().click();
    await page.waitForURL(`${origin}${href}`);
    expect(watch.payloadsOf(href!)).toHaveLength(1);
    expect(watch.documents()).toHaveLength(1); // the first visit only
    await context.close();
  });

  it('loads the document on the next navigation once a new build is deployed', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${origin}/news`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const before = clientBuild.build.id;
    clientBuild.build.id = 'newbuild0001';
    try {
      await page.waitForResponse((r) => r.url().includes('/builds/latest.json'), { timeout: 5000 });
      await pause(200);
      watch.clear();
      const href = await page.locator('a.card__link').first().getAttribute('href');
      await page.locator('a.card__link').first().click();
      await page.waitForURL(`${origin}${href}`);
      expect(watch.documents().map((r) => new URL(r.url()).pathname)).toEqual([href]);
    } finally {
      clientBuild.build.id = before;
    }
    await context.close();
  });

  it('loads the page once when a code chunk is gone, then keeps the server-rendered page instead of looping', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    page.on('pageerror', () => {});
    page.on('console', () => {});
    await page.goto(`${brokenOrigin}/news`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.evaluate(() => sessionStorage.clear());
    // the study section's chunk was removed: a client navigation there fails to load it
    await page.locator('.main-nav__item', { has: page.locator('a[href="/study/online-courses"]') }).hover();
    await page.locator('a[href="/study/online-courses"]').first().click();
    await page.waitForURL(`${brokenOrigin}/study/online-courses`);
    await pause(3000);
    expect(documents.filter((p) => p === '/study/online-courses')).toHaveLength(1);
    const guard = await page.evaluate(() => sessionStorage.getItem('portal:chunk-reload'));
    expect(guard).toContain('/study/online-courses');
    await context.close();
  });

  it('scrolls to the top on a page change, to the anchor with a hash, and back to where it was', async () => {
    const context = await browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 700 } });
    const page = await context.newPage();
    await page.goto(`${origin}/news/${newsBySlug[0]!.slug}`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.locator('.related a.card__link').first().scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await page.locator('.related a.card__link').first().click();
    await page.waitForFunction((y) => scrollY < y, scrolled);
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled - 50);
    // a hash: the methods page has anchors per method
    await page.goto(`${origin}/resources/monitoring-methods`, { waitUntil: 'networkidle' });
    await hydrated(page);
    const target = content.methods[content.methods.length - 1]!.slug;
    await page.locator(`a[href$="#${target}"]`).first().click();
    await expect
      .poll(() =>
        page.evaluate((id) => Math.abs(document.getElementById(id)!.getBoundingClientRect().top) < 200, target),
      )
      .toBe(true);
    await context.close();
  });

  it('applies a redirect rule on a client navigation, and leaves the site for an absolute target', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const watch = watchPage(page);
    // stands in for the external site, which this machine cannot reach
    await page.route('https://wgms.ch/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WGMS</title>' }),
    );
    await page.goto(`${origin}/news/tuyuksu-long-term-record`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.waitForTimeout(1500); // the manifest with the rules is preloaded about 1 s after idle
    watch.clear();
    await page.locator('.rich-text a[href="/glacier-map"]').click();
    await page.waitForURL(`${origin}/resources/tools/wgms`);
    expect(watch.documents()).toHaveLength(0);
    await page.goBack();
    await page.waitForURL(`${origin}/news/tuyuksu-long-term-record`);
    await page.locator('.rich-text a[href="/wgms"]').click();
    await page.waitForURL('https://wgms.ch/');
    await context.close();
  });

  it('fades the old page out and the new one in, and not at all with reduced motion', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${slowOrigin}/news`, { waitUntil: 'networkidle' });
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { seen: string[] }).seen = [];
      new MutationObserver(() => {
        const el = document.querySelector('[data-transition]');
        if (el) (window as unknown as { seen: string[] }).seen.push(el.getAttribute('data-transition')!);
      }).observe(document.getElementById('main')!, { attributes: true, subtree: true, childList: true });
    });
    const href = await page.locator('a.card__link').nth(8).getAttribute('href');
    await page.locator('a.card__link').nth(8).click();
    await page.waitForURL(`${slowOrigin}${href}`);
    await page.locator('[data-transition="in"]').waitFor({ timeout: 5000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.indexOf('out')).toBeGreaterThanOrEqual(0);
    expect(seen.lastIndexOf('in')).toBeGreaterThan(seen.indexOf('out'));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await page.locator('.page-transition').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await context.close();
  });
});

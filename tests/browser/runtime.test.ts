import { defaultContentDir } from '../../content-api/config.ts';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { loadClientBuild } from '../../server/ssr/prod.ts';
import { loadContent } from '../../content-api/store.ts';
import { paths } from '../../server/paths.ts';
import { stringsRouteId } from '../../shared/router/route-tree.ts';
import { sharedContentApi } from '../helpers/app.ts';
import {
  appRead,
  appReadLatestBuild,
  browserAvailable,
  hydrated,
  launchChromium,
  tabPool,
  trackAppJson,
} from '../helpers/browser.ts';
import { forwardTo, gate, startFakeUpstream } from '../helpers/fake-upstream.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { startServedApp } from '../helpers/served-app.ts';
import { atFileEnd } from '../helpers/file-end.ts';

const run = browserAvailable();
const content = loadContent(defaultContentDir());
const newsBySlug = [...content.news].sort((a, b) => b.published_at.localeCompare(a.published_at));
/** The news items' answers of the gated upstream below wait until the test opens it. */
const newsGate = gate();

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
    // news details wait at the gate, so prefetches overlap and the cap is visible
    const content = await sharedContentApi();
    const slow = await startFakeUpstream(async (req, res) => {
      if (/^\/api\/v1\/news\/[a-z]/.test(req.url)) await newsGate.passed;
      await forwardTo(content.url)(req, res);
    });
    atFileEnd(() => slow.close());
    slowOrigin = (await startServedApp({ upstreamUrl: slow.url })).origin;
    // a deploy that removed a section's code chunk
    brokenDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
    cpSync(paths().clientDist, brokenDir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(brokenDir, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const studyChunk = manifest['shared/sections/study/pages.ts']!.file;
    for (const file of readdirSync(join(brokenDir, 'assets')))
      if (`assets/${file}`.startsWith(studyChunk)) rmSync(join(brokenDir, 'assets', file));
    brokenOrigin = (await startServedApp({ clientBuild: { ...loadClientBuild(), clientDir: brokenDir } })).origin;
    browser = await launchChromium();
  });
  const tabs = tabPool(() => browser);
  afterAll(async () => {
    await browser?.close();
    if (brokenDir) rmSync(brokenDir, { recursive: true, force: true });
  });

  it('prefetches visible links within its limits, each page once', async () => {
    const { page, context } = await tabs.take({ height: 3000 });
    let inFlight = 0;
    let maxInFlight = 0;
    const started: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/_payload.json')) {
        started.push(r.url());
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
      }
    });
    const done = (r: { url(): string }) => {
      if (r.url().includes('/_payload.json')) inFlight -= 1;
    };
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    await page.goto(`${slowOrigin}/news`, { waitUntil: 'load' });
    await hydrated(page);
    const details = () => started.filter((u) => /\/news\/[a-z0-9-]+\/_payload/.test(u)).length;
    // while the news items wait at the gate, five prefetches are in flight and no more start
    await expect.poll(() => inFlight).toBe(5);
    newsGate.open();
    // at most 8 payloads per page view before any interaction; scrolling lets the rest of the visible links go
    await expect.poll(() => started.length, { timeout: 15_000 }).toBe(8);
    // the page fits the tall viewport (no scroll event): a key press is the visitor's first action
    await page.keyboard.press('Shift');
    await expect.poll(details, { timeout: 15_000 }).toBeGreaterThanOrEqual(9);
    expect(maxInFlight).toBe(5);
    expect(new Set(started).size).toBe(started.length);
    await context.close();
  });

  it('with Save-Data on, fetches a payload only when navigating', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: { saveData: true, effectiveType: '4g' },
        configurable: true,
      });
    });
    await trackAppJson(context);
    const page = await context.newPage();
    const watch = watchPage(page);
    await page.goto(`${origin}/news`);
    await hydrated(page);
    // the build manifest is read about 1 s after the page is idle: by then a page that prefetches has prefetched
    // the links in sight (see the test above)
    await appRead(page, 'meta');
    expect(watch.payloads()).toHaveLength(0);
    // hover one card and open another: the hovered one is not fetched, the opened one once, by the navigation
    await page.locator('a.card__link').nth(1).hover();
    const href = await page.locator('a.card__link').first().getAttribute('href');
    await page.locator('a.card__link').first().click();
    await page.waitForURL(`${origin}${href}`);
    await page.locator(`.page-transition[data-path="${href}"]:not([data-transition="out"]) h1`).waitFor();
    expect(watch.payloads().map((r) => new URL(r.url()).pathname)).toEqual([`${href}/_payload.json`]);
    expect(watch.documents()).toHaveLength(1); // the first visit only
    await context.close();
  });

  it('loads the document on the next navigation once a new build is deployed', async () => {
    const { page, context, watch } = await tabs.open(`${origin}/news`);
    const before = clientBuild.build.id;
    clientBuild.build.id = 'newbuild0001';
    try {
      // the next poll (every second here) reads the new id; the app marks itself outdated as it reads it
      await appReadLatestBuild(page, 'newbuild0001');
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

  it('recovers from a missing code chunk with one document load, without looping', async () => {
    const { page, context } = await tabs.take();
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(new URL(r.url()).pathname));
    page.on('pageerror', () => {});
    // the app reports each failed chunk load (shared/ui/report.ts), right before it decides to reload or not
    const chunkFailures: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('code chunk failed to load')) chunkFailures.push(new URL(page.url()).pathname);
    });
    await page.goto(`${brokenOrigin}/news`);
    await hydrated(page);
    await page.evaluate(() => sessionStorage.clear());
    // the study section's chunk was removed: a client navigation there fails to load it
    await page.locator('.main-nav__item', { has: page.locator('a[href="/study/online-courses"]') }).hover();
    await page.locator('a[href="/study/online-courses"]').first().click();
    await page.waitForURL(`${brokenOrigin}/study/online-courses`);
    // the failure of the navigation, then the one of the reloaded page, after which the guard keeps the page
    await expect.poll(() => chunkFailures.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect(await page.locator('h1').count()).toBeGreaterThan(0);
    expect(chunkFailures).toHaveLength(2);
    expect(documents.filter((p) => p === '/study/online-courses')).toHaveLength(1);
    const guard = await page.evaluate(() => sessionStorage.getItem('portal:chunk-reload'));
    expect(guard).toContain('/study/online-courses');
    await context.close();
  });

  it('restores the scroll position each kind of navigation calls for', async () => {
    const { page, context } = await tabs.open(`${origin}/news/${newsBySlug[0]!.slug}`, { height: 700 });
    await page.locator('.related a.card__link').first().scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => scrollY);
    expect(scrolled).toBeGreaterThan(300);
    await page.locator('.related a.card__link').first().click();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(scrolled - 50);
    // a hash: the methods page has anchors per method
    await page.goto(`${origin}/resources/monitoring-methods`);
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

  it('applies redirect rules on a client navigation, even to another site', async () => {
    // a rule to a path of the site is followed in the page: the cases below
    const { page, context } = await tabs.open(`${origin}/news/tuyuksu-long-term-record`);
    // stands in for the external site, which this machine cannot reach
    await page.route('https://wgms.ch/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WGMS</title>' }),
    );
    // the manifest with the rules is preloaded about 1 s after idle
    await appRead(page, 'meta');
    // the article links the other site itself (the sanitizer writes a rule's off-site target out); a link to the
    // rule's path that a page still has (one kept from an earlier build) is redirected by the client
    await page.locator('.rich-text a[href="https://wgms.ch/"][target="_blank"]').waitFor();
    await page
      .locator('.rich-text')
      .first()
      .evaluate((text) => text.insertAdjacentHTML('beforeend', '<p><a href="/wgms">WGMS</a></p>'));
    await page.locator('.rich-text a[href="/wgms"]').click();
    await page.waitForURL('https://wgms.ch/');
    await context.close();
  });

  // the /en/en bug: a rule redirect done in the browser must keep the reader's locale, once, whether the browser
  // resolves it from the build manifest or from the payload of the old address
  // in English both ways (the prefix is what the bug doubled); in Russian, with no prefix to keep, one
  for (const [locale, via] of [
    ['ru', 'manifest'],
    ['en', 'manifest'],
    ['en', 'payload'],
  ] as const) {
    const base = locale === 'en' ? '/en' : '';
    it(`redirects the article's /glacier-map link to ${base}/resources/tools/wgms in the browser (${locale}, ${via})`, async () => {
      const { page, context, watch } = await tabs.take({ locale });
      // without the manifest (held back), the browser learns the rule from the payload of /glacier-map
      if (via === 'payload') await page.route('**/builds/meta/**', () => {});
      await page.goto(`${origin}${base}/news/tuyuksu-long-term-record`);
      await hydrated(page);
      if (via === 'manifest') await appRead(page, 'meta');
      watch.clear();
      // the link was written without a locale; the English text has it localized at cache fill
      const link = page.locator(`.rich-text a[href="${base}/glacier-map"]`);
      expect(await link.count()).toBe(1);
      await link.click();
      await page.waitForURL((url) => url.pathname.endsWith('/resources/tools/wgms'));
      expect(new URL(page.url()).pathname).toBe(`${base}/resources/tools/wgms`);
      await page
        .locator('.page-transition[data-path="/resources/tools/wgms"]:not([data-transition="out"]) h1')
        .waitFor();
      expect(watch.documents()).toHaveLength(0);
      // held back, the manifest cannot have told the browser: the payload of the old address did
      if (via === 'payload') expect(watch.payloadsOf(`${base}/glacier-map`).length).toBeGreaterThan(0);
      expect(watch.problems).toEqual([]);
      await context.close();
    });
  }

  it("shows the strings of the section a client navigation enters, which the first page's data did not carry", async () => {
    const { page, context, watch } = await tabs.open(`${origin}/news`);
    const first = await page.evaluate(() => Object.keys(window.__staticRouterHydrationData?.loaderData ?? {}));
    expect(first).toContain(stringsRouteId('news'));
    expect(first).not.toContain(stringsRouteId('home'));
    watch.clear();
    await page.locator('.breadcrumbs a[href="/"]').click();
    await page.waitForURL(`${origin}/`);
    // the home page's own strings and the map block's it borrows, with the upstream's texts (content translations)
    await page.locator('.page-transition[data-path="/"]:not([data-transition="out"]) #home-glacier-map').waitFor();
    expect(await page.locator('#home-glacier-map').textContent()).toBe(content.translations['map.block.title']!.ru);
    const shown = await page.locator('main').innerText();
    expect(shown.match(/\b(?:home|map|news)\.[a-z][\w.]*/gi) ?? []).toEqual([]);
    expect(watch.documents()).toHaveLength(0);
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('cross-fades pages unless the visitor prefers reduced motion', async () => {
    const { page, context } = await tabs.open(`${slowOrigin}/news`);
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

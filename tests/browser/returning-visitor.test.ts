import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { defaultContentDir } from '../../content-api/config.ts';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import type { LogLine } from '../helpers/app.ts';
import { browserAvailable, hydrated, launchChromium, STATE_POLL_MS } from '../helpers/browser.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();
const texts = JSON.parse(readFileSync(join(defaultContentDir(), 'translations.json'), 'utf8')) as Record<
  string,
  { ru: string; en: string }
>;
const en = (key: string) => texts[key]!.en;

/** Page views per ending; at least this many of them must report their vitals. */
const VIEWS = 10;
const REPORTED = 9;
/** Tabs that show their page views at the same time (closed tabs and bounces one at a time). */
const TABS_AT_ONCE = 5;

/** The page's service worker controls it (it registers once the first page view has loaded and is idle). */
const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
    polling: STATE_POLL_MS,
  });

/** The page view has loaded, hydrated and started its field vitals (client/runtime/web-vitals.ts marks it). */
const read = async (page: Page) => {
  await hydrated(page);
  await page.locator('html[data-vitals="reporting"]').waitFor({ state: 'attached' });
  // an interaction, measured once the next frame shows it (Event Timing): the page view has an INP to report
  await page.locator('main h1').first().click();
  await page.waitForFunction(() => performance.getEntriesByType('first-input').length > 0, undefined, {
    polling: STATE_POLL_MS,
  });
};

/** The page has painted its content (First Contentful Paint, which may come after the load event). */
const shown = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    polling: STATE_POLL_MS,
  });

/** Milliseconds since the page's load event. */
const sinceLoad = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance.now() - (navigation?.loadEventStart ?? 0);
  });

/** The requests the server answered (its request log), path and query as asked. */
const answered = (logs: LogLine[], method: string, match: (url: string) => boolean) =>
  logs.filter((line) => {
    const req = line.req as { method?: string; url?: string } | undefined;
    return line.msg === 'request' && req?.method === method && match(req.url ?? '');
  });

/**
 * A browser test with the service worker installed and in control of every page, as it is for every returning
 * visitor. What the worker fetches itself (documents, payloads, images, feedback; beacons where the browser has no
 * static routes) never reaches Playwright's page.route, so what arrives is counted where it arrives: the server's
 * request log and its /metrics.
 */
describe.runIf(run)('a returning visitor, the service worker in control (Chromium)', () => {
  let app: FastifyInstance;
  let logs: LogLine[];
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /** Beacons with `metric` counted for `route` (from desktop pages) in the server's /metrics. */
  const reports = async (route: string, metric = 'lcp_seconds') => {
    const line = new RegExp(`^web_vitals_${metric}_count\\{route="${route}",device="desktop"\\} (\\d+)$`, 'm');
    return Number(line.exec(await app.metrics.metrics())?.[1] ?? 0);
  };
  /** Waits until at least `REPORTED` page views of `route` since `before` have reported each metric. */
  const reported = (route: string, before: Record<string, number>) =>
    expect
      .poll(async () => {
        const since: Record<string, number> = {};
        for (const [metric, count] of Object.entries(before)) since[metric] = (await reports(route, metric)) - count;
        return since;
      })
      .toSatisfy((since: Record<string, number>) => Object.values(since).every((count) => count >= REPORTED));
  const countsOf = async (route: string, metrics: string[]) =>
    Object.fromEntries(await Promise.all(metrics.map(async (metric) => [metric, await reports(route, metric)])));
  const FINAL = ['lcp_seconds', 'cls', 'inp_seconds'];

  beforeAll(async () => {
    // every page view below sends a beacon: more than a minute's allowance from one address
    ({ app, logs, origin } = await startServedApp({ config: { SERVICE_WORKER: 'on', VITALS_RATE_LIMIT: 1000 } }));
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // the first visit installs the worker; from then on it controls the pages of the context
    await page.goto(`${origin}/en/resources`);
    await controlled(page);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  // a beacon sent as a page ends is lost now and then (about one in twenty closed tabs in Chromium, more while the
  // other test worker keeps the shared browser busy): one more try of the ten views before a share below nine in ten
  // fails the suite
  describe('field vitals arrive however the page view ends', { retry: 1 }, () => {
    /**
     * Runs `view` in `VIEWS` tabs of the context, `atOnce` at a time (the worker controls every tab of the context
     * from its first page view), and closes the tabs still open once `until` has resolved: a page view that a tab
     * still shows has not ended, so it reports nothing before then.
     */
    const inTabs = async (
      view: (tab: Page, index: number) => Promise<void>,
      until: () => Promise<unknown>,
      atOnce = TABS_AT_ONCE,
    ) => {
      const tabs: Page[] = [];
      for (let wave = 0; wave < VIEWS; wave += atOnce)
        await Promise.all(
          Array.from({ length: Math.min(atOnce, VIEWS - wave) }, async (_, offset) => {
            const tab = await context.newPage();
            tabs.push(tab);
            await view(tab, wave + offset);
          }),
        );
      await until();
      await Promise.all(tabs.filter((tab) => !tab.isClosed()).map((tab) => tab.close()));
    };
    /** The tab's page view is controlled by the worker. */
    const inControl = async (tab: Page) =>
      expect(await tab.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const closeTab = (tab: Page) => Promise.all([tab.waitForEvent('close'), tab.close({ runBeforeUnload: true })]);

    it(`from ${REPORTED} of ${VIEWS} page views left for another page`, async () => {
      const before = await countsOf('news-list', FINAL);
      await inTabs(
        async (tab) => {
          await tab.goto(`${origin}/en/news`);
          await inControl(tab);
          await read(tab);
          await tab.goto(`${origin}/en/about`);
        },
        () => reported('news-list', before),
      );
    });

    it(`from ${REPORTED} of ${VIEWS} page views ended by a reload`, async () => {
      const before = await countsOf('about-team', FINAL);
      await inTabs(
        async (tab) => {
          await tab.goto(`${origin}/en/about/team`);
          await inControl(tab);
          await read(tab);
          await tab.reload();
        },
        () => reported('about-team', before),
      );
    });

    it(`from ${REPORTED} of ${VIEWS} page views whose tab was closed`, async () => {
      const before = await countsOf('study', FINAL);
      await inTabs(
        async (tab) => {
          await tab.goto(`${origin}/en/study`);
          await inControl(tab);
          await read(tab);
          await closeTab(tab);
        },
        () => reported('study', before),
        // one at a time: tabs closed together on a busy machine lost a beacon in ten (a test of the worker, not of that)
        1,
      );
    });

    it(`from ${REPORTED} of ${VIEWS} bounces, left as soon as they showed: for another page, or the tab closed`, async () => {
      const before = await countsOf('multimedia', ['lcp_seconds']);
      await inTabs(
        async (tab, index) => {
          await tab.goto(`${origin}/en/multimedia`);
          // the reader sees the page (its first paint, which may come after the load event) and leaves at once
          await shown(tab);
          expect(await sinceLoad(tab)).toBeLessThan(1000);
          if (index % 2 === 0) await tab.goto(`${origin}/en/about`, { waitUntil: 'commit' });
          else await closeTab(tab);
        },
        () => reported('multimedia', before),
        // one at a time: a bounce is timed from the load event, which a busy tab beside it would delay
        1,
      );
    });
  });

  describe('what the worker fetches reaches the server', () => {
    /** The responses `on` receives from now until the test ends, by the path (and query) they were asked for. */
    const recordResponses = (on: Page) => {
      const responses: Response[] = [];
      const record = (res: Response) => responses.push(res);
      on.on('response', record);
      onTestFinished(() => void on.off('response', record));
      return (match: (path: string) => boolean) =>
        responses.filter((res) => {
          const url = new URL(res.url());
          return match(url.pathname + url.search);
        });
    };

    it('loads a page through the worker, which the server renders, and hydrates it', async () => {
      const watch = watchPage(page);
      onTestFinished(() => watch.stop());
      const response = await page.goto(`${origin}/en/countries`);
      await hydrated(page);
      expect(response?.status()).toBe(200);
      expect(response?.fromServiceWorker()).toBe(true);
      expect(answered(logs, 'GET', (url) => url === '/en/countries').length).toBeGreaterThan(0);
      expect(await page.locator('main h1').textContent()).toBeTruthy();
      expect(watch.problems).toEqual([]);
    });

    it('navigates in the page with a payload the worker fetches from the server', async () => {
      // from the document on: the page may prefetch the payload as soon as it has hydrated
      const responses = recordResponses(page);
      await page.goto(`${origin}/en/countries`);
      await hydrated(page);
      await page.evaluate(() => ((window as { __sameDocument?: boolean }).__sameDocument = true));
      const link = page.locator('main a[href^="/en/countries/"]').first();
      const href = (await link.getAttribute('href'))!;
      const title = await page.locator('main h1').textContent();
      await link.click();
      await page.waitForURL(`${origin}${href}`);
      await expect.poll(() => page.locator('main h1').textContent()).not.toBe(title);
      expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      // the page asked the worker (a prefetch or the navigation), and the worker asked the server
      const payload = `${href}${PAYLOAD_SUFFIX}`;
      const asked = responses((path) => path.startsWith(payload));
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.every((res) => res.fromServiceWorker() && res.status() === 200)).toBe(true);
      expect(answered(logs, 'GET', (url) => url.startsWith(payload)).map((line) => line.status)).toContain(200);
    });

    it('sends feedback through the worker to the server', async () => {
      const responses = recordResponses(page);
      await page.goto(`${origin}/en/countries`);
      await hydrated(page);
      const before = answered(logs, 'POST', (url) => url === '/en/feedback').length;
      await page.locator('.feedback-button').click();
      const dialog = page.locator('[role="dialog"][aria-modal="true"]');
      await dialog.waitFor();
      await dialog.getByLabel(en('form.name')).fill('Nurlan');
      await dialog.getByLabel(en('form.email')).fill('nurlan@example.org');
      await dialog.getByLabel(en('form.topic')).selectOption({ index: 1 });
      await dialog.getByLabel(en('form.message')).fill('Where can I download the mass-balance series?');
      await dialog.locator('.form__submit').click();
      await dialog.locator('.feedback-result--success').waitFor();
      const posts = responses((path) => path === '/en/feedback').filter((res) => res.request().method() === 'POST');
      expect(posts.map((res) => [res.status(), res.fromServiceWorker()])).toEqual([[200, true]]);
      // the worker's own post (it keeps a copy for a resend) is the one the server answered
      expect(
        answered(logs, 'POST', (url) => url === '/en/feedback')
          .slice(before)
          .map((line) => line.status),
      ).toEqual([200]);
    });

    it('shows image renditions, each answered by the worker', async () => {
      const responses = recordResponses(page);
      await page.goto(`${origin}/en/news`);
      await hydrated(page);
      const images = page.locator('main img[srcset]');
      await expect
        .poll(() =>
          images.evaluateAll((all) =>
            all.every((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
          ),
        )
        .toBe(true);
      const renditions = await images.evaluateAll((all) =>
        all.map((img) => new URL((img as HTMLImageElement).currentSrc).pathname),
      );
      expect(renditions.length).toBeGreaterThan(0);
      expect(renditions.every((path) => path.startsWith('/_img/'))).toBe(true);
      for (const path of renditions) {
        const got = responses((asked) => asked === path);
        expect(got.length, path).toBeGreaterThan(0);
        expect(
          got.map((res) => [
            res.status(),
            res.fromServiceWorker(),
            /^image\//.test(res.headers()['content-type'] ?? ''),
          ]),
          path,
        ).toContainEqual([200, true, true]);
      }
    });
  });
});

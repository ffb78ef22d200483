import type { FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, hydrated, launchChromium, STATE_POLL_MS, workerInControl } from '../helpers/browser.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();

/** Page views per ending; at least this many of them must report their vitals. */
const VIEWS = 10;
const REPORTED = 9;
/** Tabs that show their page views at the same time (closed tabs and bounces one at a time). */
const TABS_AT_ONCE = 5;

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

/**
 * The share of page views whose field vitals reach the server, with the service worker in control of every page (as
 * it is for every returning visitor), ten page views per way a page view ends: a soak of some sixty page loads, run
 * by `npm run test:soak` (and .ci/run) rather than `npm test`. What the worker sends (beacons where the browser has
 * no static routes) never reaches Playwright's page.route, so what arrives is counted where it arrives: /metrics.
 */
describe.runIf(run)('field vitals arrive however the page view ends, the service worker in control (Chromium)', () => {
  let app: FastifyInstance;
  let origin: string;
  let browser: Browser;
  let context: BrowserContext;

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
    ({ app, origin } = await startServedApp({ config: { SERVICE_WORKER: 'on', VITALS_RATE_LIMIT: 1000 } }));
    browser = await launchChromium();
    context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // the first visit installs the worker; from then on it controls the pages of the context
    await page.goto(`${origin}/en/resources`);
    await workerInControl(page);
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

    it.each([
      {
        ended: 'left for another page',
        path: '/en/news',
        route: 'news-list',
        end: (tab: Page) => tab.goto(`${origin}/en/about`),
      },
      { ended: 'ended by a reload', path: '/en/about/team', route: 'about-team', end: (tab: Page) => tab.reload() },
      // one at a time: tabs closed together on a busy machine lost a beacon in ten (a test of the worker, not of that)
      { ended: 'whose tab was closed', path: '/en/study', route: 'study', end: closeTab, atOnce: 1 },
    ])(`from ${REPORTED} of ${VIEWS} page views $ended`, async ({ path, route, end, atOnce }) => {
      const before = await countsOf(route, FINAL);
      await inTabs(
        async (tab) => {
          await tab.goto(`${origin}${path}`);
          await inControl(tab);
          await read(tab);
          await end(tab);
        },
        () => reported(route, before),
        atOnce,
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
});

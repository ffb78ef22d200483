import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated, tabPool, watchPrefetching } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/**
 * Every request of a page from the moment it is sent, with how it ended: finished (its body was read to the end) or
 * failed (aborted or refused); the others are in flight.
 */
function recordRequests(page: Page) {
  const ended = new Map<Request, boolean>();
  page.on('request', (req) => ended.set(req, false));
  // a request sent before recording began is not this page view's
  const end = (req: Request) => {
    if (ended.has(req)) ended.set(req, true);
  };
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const isPayload = (req: Request) => new URL(req.url()).pathname.endsWith('/_payload.json');
  const inFlight = () => [...ended].filter(([, done]) => !done).map(([req]) => req);
  const pathOf = (req: Request) => {
    const url = new URL(req.url());
    return url.pathname + url.search;
  };
  return {
    /** payload URLs (path and query) requested since the last `clear()`, in order, repeats kept */
    payloads: () => [...ended.keys()].filter(isPayload).map(pathOf),
    /** payload URLs whose response is neither read to the end nor aborted */
    unread: () => inFlight().filter(isPayload).map(pathOf).sort(),
    /** a new session (a document load): what follows is counted afresh */
    clear: () => ended.clear(),
  };
}

/** URLs requested more than once. */
const repeated = (urls: string[]) => [...new Set(urls.filter((url, i) => urls.indexOf(url) !== i))].sort();

describe.runIf(run)('payload requests (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  // each page twice in one tab: the second visit finds the payloads it prefetched the first time in the HTTP cache
  for (const path of ['/en', '/en/news', '/en/resources/tools/wgms', '/en/resources/database']) {
    it(`fetches only the payloads ${path} reads, once per visit`, async () => {
      const { page, context, watch } = await tabs.take({ locale: 'en' });
      const requests = recordRequests(page);
      const prefetched = watchPrefetching(page);
      for (const visit of ['first', 'return']) {
        requests.clear();
        await page.goto(`${site.origin}${path}`);
        await hydrated(page);
        await prefetched();
        expect({ visit, repeated: repeated(requests.payloads()) }).toEqual({ visit, repeated: [] });
        // a payload the page read has ended in Playwright's records too, once its event arrives
        await expect.poll(() => ({ visit, unread: requests.unread() })).toEqual({ visit, unread: [] });
      }
      // the page links elsewhere: something was prefetched, so the counts above were of real requests
      expect(requests.payloads().length).toBeGreaterThan(0);
      expect(watch.problems).toEqual([]);
      await context.close();
    });
  }

  it('prefetches at most one link per idle moment, however many came into view (no long idle task)', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const prefetched = watchPrefetching(page);
      // for every idle callback, the payload fetches started while it ran
      await page.addInitScript(() => {
        const perIdle: number[] = [];
        let current: number | undefined;
        Object.assign(window, { payloadsPerIdle: perIdle });
        const ric = window.requestIdleCallback.bind(window);
        window.requestIdleCallback = (task, options) =>
          ric((deadline) => {
            current = perIdle.push(0) - 1;
            try {
              task(deadline);
            } finally {
              current = undefined;
            }
          }, options);
        const fetch = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const url = input instanceof Request ? input.url : String(input);
          if (current !== undefined && url.includes('/_payload.json')) perIdle[current] = (perIdle[current] ?? 0) + 1;
          return fetch(input, init);
        };
      });
      // the WGMS page shows a dozen glacier links at once
      await page.goto(`${site.origin}/en/resources/tools/wgms`);
      await hydrated(page);
      await prefetched();
      const perIdle = await page.evaluate(() => Reflect.get(window, 'payloadsPerIdle') as number[]);
      expect(perIdle.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(1);
      expect(Math.max(...perIdle)).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('asks the server for a payload once per session across a client navigation and back', async () => {
    // a tab of its own (no other test of the file opens this size): its HTTP cache holds nothing of earlier tests
    const { page, context, watch } = await tabs.take({ locale: 'en', height: 901 });
    const logsBefore = site.logs.length;
    /** the team payload requests the server answered in this test (its request log names the path and build id) */
    const teamServed = () =>
      site.logs
        .slice(logsBefore)
        .filter(
          (l) =>
            l.msg === 'request' &&
            (l.req as { url?: string } | undefined)?.url?.startsWith('/en/about/team/_payload.json?'),
        ).length;
    const requests = recordRequests(page);
    const prefetched = watchPrefetching(page);
    // the second time round the team page's payload (fetched by the first navigation) is in the HTTP cache
    for (const visit of ['first', 'return']) {
      await page.goto(`${site.origin}/en/news`);
      await hydrated(page);
      await prefetched();
      // a footer link, out of sight: no viewport prefetch; the hover of the click and the navigation share one fetch,
      // or the navigation finds the hover's answer in the HTTP cache: either way the server is asked once
      await page.locator('.site-footer a[href="/en/about/team"]').click();
      await page.waitForURL(`${site.origin}/en/about/team`);
      await page.locator('.page-transition[data-path="/about/team"]:not([data-transition="out"]) h1').waitFor();
      await prefetched();
      await expect.poll(() => ({ visit, served: teamServed() })).toEqual({ visit, served: 1 });
      // back shows what the tab kept of the news page: no request for its payload at all (its pages 2 and 3 are links
      // it prefetches again, from the HTTP cache)
      requests.clear();
      await page.goBack();
      await page.waitForURL(`${site.origin}/en/news`);
      await page.locator('.page-transition[data-path="/news"]:not([data-transition="out"]) h1').waitFor();
      await prefetched();
      expect({
        visit,
        news: requests.payloads().filter((url) => /^\/en\/news\/_payload\.json\?[0-9a-f]+$/.test(url)),
      }).toEqual({
        visit,
        news: [],
      });
      await expect.poll(() => ({ visit, unread: requests.unread() })).toEqual({ visit, unread: [] });
    }
    expect(watch.documents()).toHaveLength(2);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});

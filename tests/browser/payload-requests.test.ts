import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/**
 * How long a page may take to go quiet: an upper bound for a page that loads, hydrates and prefetches, not a wait in
 * itself. A request left unread keeps the page from ever going quiet; the assertions then name it.
 */
const SETTLE_MS = 15_000;
/** Quiet means no request in flight for this long: Chromium's network idle, as Playwright defines it. */
const QUIET_MS = 500;

/**
 * Every request of a page from the moment it is sent, with how it ended: finished (its body was read to the end) or
 * failed (aborted or refused); the others are in flight.
 */
function recordRequests(page: Page) {
  const ended = new Map<Request, boolean>();
  const changed = new Set<() => void>();
  const notify = () => changed.forEach((listener) => listener());
  page.on('request', (req) => {
    ended.set(req, false);
    notify();
  });
  // a request sent before recording began is not this page view's
  const end = (req: Request) => {
    if (ended.has(req)) {
      ended.set(req, true);
      notify();
    }
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
    /**
     * Resolves once no request has been in flight for QUIET_MS, or after SETTLE_MS (the assertions that follow say
     * what kept the page busy). Playwright's `networkidle` comes once per document; this one also after a client
     * navigation.
     */
    quiet: () =>
      new Promise<void>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          clearTimeout(timer);
          clearTimeout(limit);
          changed.delete(check);
          resolve();
        };
        const check = () => {
          clearTimeout(timer);
          if (inFlight().length === 0) timer = setTimeout(done, QUIET_MS);
        };
        const limit = setTimeout(done, SETTLE_MS);
        changed.add(check);
        check();
      }),
    /** a new session (a document load): what follows is counted afresh */
    clear: () => ended.clear(),
  };
}

/** URLs requested more than once. */
const repeated = (urls: string[]) => [...new Set(urls.filter((url, i) => urls.indexOf(url) !== i))].sort();

/** Chromium's network idle after a document load, within SETTLE_MS (the assertions that follow say what kept it busy). */
const networkIdle = (page: Page) =>
  page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).then(
    () => true,
    () => false,
  );

describe.runIf(run)('payload requests (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  // each page twice in one tab: the second visit finds the payloads it prefetched the first time in the HTTP cache
  for (const path of ['/en', '/en/news', '/en/resources/tools/wgms', '/en/resources/database']) {
    it(`fetches only the payloads ${path} reads, once per visit`, async () => {
      const { page, context, watch } = await tabs.take({ locale: 'en' });
      const requests = recordRequests(page);
      for (const visit of ['first', 'return']) {
        requests.clear();
        await page.goto(`${site.origin}${path}`);
        await hydrated(page);
        const idle = await networkIdle(page);
        expect({ visit, repeated: repeated(requests.payloads()) }).toEqual({ visit, repeated: [] });
        expect({ visit, unread: requests.unread() }).toEqual({ visit, unread: [] });
        expect({ visit, idle }).toEqual({ visit, idle: true });
      }
      // the page links elsewhere: something was prefetched, so the counts above were of real requests
      expect(requests.payloads().length).toBeGreaterThan(0);
      expect(watch.problems).toEqual([]);
      await context.close();
    });
  }

  it('fetches a payload once per session across a client navigation and back', async () => {
    const { page, context, watch } = await tabs.take({ locale: 'en' });
    const requests = recordRequests(page);
    // the second time round the team page's payload (fetched by the first navigation) is in the HTTP cache
    for (const visit of ['first', 'return']) {
      requests.clear();
      await page.goto(`${site.origin}/en/news`);
      await hydrated(page);
      await networkIdle(page);
      // a footer link, out of sight: no viewport prefetch; the hover of the click and the navigation share one fetch
      await page.locator('.site-footer a[href="/en/about/team"]').click();
      await page.waitForURL(`${site.origin}/en/about/team`);
      await page.locator('.page-transition[data-path="/about/team"]:not([data-transition="out"]) h1').waitFor();
      await requests.quiet();
      expect(requests.payloads().filter((url) => url.startsWith('/en/about/team/_payload.json?'))).toHaveLength(1);
      await page.goBack();
      await page.waitForURL(`${site.origin}/en/news`);
      await page.locator('.page-transition[data-path="/news"]:not([data-transition="out"]) h1').waitFor();
      await requests.quiet();
      expect({ visit, repeated: repeated(requests.payloads()) }).toEqual({ visit, repeated: [] });
      expect({ visit, unread: requests.unread() }).toEqual({ visit, unread: [] });
    }
    expect(watch.documents()).toHaveLength(2);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});

import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PAYLOAD_SUFFIX } from '../../shared/payload.ts';
import type { LogLine } from '../helpers/app.ts';
import {
  browserAvailable,
  fillFeedback,
  hydrated,
  markDocument,
  openFeedback,
  sameDocument,
  workerInControl,
} from '../helpers/browser.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/** The requests the server answered (its request log), path and query as asked. */
const answered = (logs: LogLine[], method: string, match: (url: string) => boolean) =>
  logs.filter((line) => {
    const req = line.req as { method?: string; url?: string } | undefined;
    return line.msg === 'request' && req?.method === method && match(req.url ?? '');
  });

/**
 * A browser test with the service worker installed and in control of every page, as it is for every returning
 * visitor. What the worker fetches itself (documents, payloads, images, feedback) never reaches Playwright's
 * page.route, so what arrives is counted where it arrives: the server's request log. Whether field vitals arrive
 * from such page views, ten of each way a page view ends, is the soak tests/soak/vitals-arrival.test.ts.
 */
describe.runIf(run)('a returning visitor, the service worker in control (Chromium)', () => {
  const site = servedSite({ config: { SERVICE_WORKER: 'on' } });
  let logs: LogLine[];
  let origin: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ({ logs, origin } = site);
    context = await site.browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    // the first visit installs the worker; from then on it controls the pages of the context
    await page.goto(`${origin}/en/resources`);
    await workerInControl(page);
  });
  afterAll(async () => context?.close());

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
      await markDocument(page);
      const link = page.locator('main a[href^="/en/countries/"]').first();
      const href = (await link.getAttribute('href'))!;
      const title = await page.locator('main h1').textContent();
      await link.click();
      await page.waitForURL(`${origin}${href}`);
      await expect.poll(() => page.locator('main h1').textContent()).not.toBe(title);
      expect(await sameDocument(page)).toBe(true);
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
      const dialog = await openFeedback(page);
      await fillFeedback(dialog, 'Where can I download the mass-balance series?');
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

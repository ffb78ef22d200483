import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, hydrated, launchChromium, STATE_POLL_MS, watchPrefetching } from '../helpers/browser.ts';
import { EDITED, editableUpstream, SLUG, TITLE } from '../helpers/editable-upstream.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();
const TOKEN = 'a-purge-token-of-the-long-open-tab';
const ARTICLE = `/en/news/${SLUG}`;
/**
 * A page cache whose lifetime is under a second: payloads are sent with `max-age=0`, so the browser's HTTP cache
 * revalidates one on every link (a lifetime of 60 s would have the test wait a minute).
 */
const PAGE_CACHE_TTL_MS = 500;

/** The page at `path` (router path, without the locale) is shown, its transition over, and it has settled its prefetching. */
async function shown(page: Page, path: string, prefetched: () => Promise<void>) {
  await page.waitForURL((url) => url.pathname === `/en${path}`);
  await page.locator(`.page-transition[data-path="${path}"]:not([data-transition="out"]) h1`).waitFor();
  await prefetched();
}

describe.runIf(run)('a long-open tab catches up (Chromium)', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof startServedApp>>;
  let edit: Awaited<ReturnType<typeof editableUpstream>>;
  beforeAll(async () => {
    edit = await editableUpstream();
    site = await startServedApp({ upstreamUrl: edit.upstream.url, config: { PURGE_TOKEN: TOKEN, PAGE_CACHE_TTL_MS } });
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it('revalidates a payload past its lifetime on a link (one conditional request), not on back', async () => {
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    const prefetched = watchPrefetching(page);
    const payloads: { path: string; ifNoneMatch: string | undefined; status: number | undefined }[] = [];
    const isPayload = (req: Request) => new URL(req.url()).pathname.endsWith('/_payload.json');
    const record = async (req: Request) => {
      const res = await req.response();
      payloads.push({
        path: new URL(req.url()).pathname.replace(/\/_payload\.json$/, ''),
        ifNoneMatch: (await req.allHeaders())['if-none-match'],
        status: res?.status(),
      });
    };
    const finished = new Set<Promise<void>>();
    // every payload request the page finishes, recorded with its conditional header and status
    const track = (req: Request) => {
      const done = record(req).finally(() => finished.delete(done));
      finished.add(done);
    };
    page.on('requestfinished', (req) => isPayload(req) && track(req));
    const settled = () => Promise.all(finished);
    const heading = (path: string) =>
      page.locator(`.page-transition[data-path="${path}"]:not([data-transition="out"]) h1`);

    // the list, an article and the list again, by links
    await page.goto(`${site.origin}/en/news`);
    await hydrated(page);
    await shown(page, '/news', prefetched);
    await page.locator(`main a[href="${ARTICLE}"]`).first().click();
    await shown(page, `/news/${SLUG}`, prefetched);
    await expect.poll(() => heading(`/news/${SLUG}`).textContent(), { interval: STATE_POLL_MS }).toContain(TITLE);
    await page.locator('main a[href="/en/news"]').first().click();
    await shown(page, '/news', prefetched);

    // the editor's fix is published and purged while the tab stays open
    edit.state.edited = true;
    const purge = await site.app.inject({
      method: 'POST',
      url: '/__purge',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ keys: [`news:${SLUG}`] }),
    });
    expect(purge.statusCode).toBe(200);
    await settled();
    const before = payloads.length;

    // the same link again, past the payload's lifetime: the new title, after one conditional request
    await page.locator(`main a[href="${ARTICLE}"]`).first().click();
    await shown(page, `/news/${SLUG}`, prefetched);
    await expect.poll(() => heading(`/news/${SLUG}`).textContent(), { interval: STATE_POLL_MS }).toContain(EDITED);
    await settled();
    const article = payloads.slice(before).filter((p) => p.path === ARTICLE);
    expect(article).toEqual([{ path: ARTICLE, ifNoneMatch: expect.stringMatching(/^(W\/)?"/), status: 200 }]);

    // back and forward, past every lifetime: what the tab kept, no request
    const beforeBack = payloads.length;
    await page.goBack();
    await shown(page, '/news', prefetched);
    await page.goForward();
    await shown(page, `/news/${SLUG}`, prefetched);
    await expect.poll(() => heading(`/news/${SLUG}`).textContent(), { interval: STATE_POLL_MS }).toContain(EDITED);
    await settled();
    expect(payloads.slice(beforeBack)).toEqual([]);
    expect(watch.documents()).toHaveLength(1);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/** The `@type`s of the JSON-LD blocks in the live DOM (what a crawler that runs scripts reads). */
const liveJsonLdTypes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((script) => {
      const text = script.textContent ?? '';
      if (text === '') return ['(empty)'];
      const data = JSON.parse(text) as { '@type': string } | { '@type': string }[];
      return (Array.isArray(data) ? data : [data]).map((item) => item['@type']);
    }),
  );

describe.runIf(run)('lean client (Chromium, ADR 0076)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);
  /** The address of the first news item the English list links. */
  const firstNewsItem = async () => {
    const list = await (await fetch(`${site.origin}/en/news`)).text();
    const href = /<a class="card__link" href="(\/en\/news\/[^"]+)"/.exec(list)?.[1];
    expect(href).toBeTruthy();
    return href;
  };

  it("keeps the server's JSON-LD in the page without shipping its builders", async () => {
    // a news item opened directly: the layout's Organization and WebSite, the breadcrumbs, the article
    const { page, context, watch } = await tabs.open(`${site.origin}${await firstNewsItem()}`);
    const types = await liveJsonLdTypes(page);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite', 'NewsArticle']));
    expect(types).not.toContain('(empty)');
    // a client-side navigation re-renders the layout: its block keeps the server's JSON (React never rewrites it)
    watch.clear();
    await page.locator('.site-footer a[href="/en/about/team"]').click();
    await page.waitForURL(`${site.origin}/en/about/team`);
    await page.locator('.page-transition[data-path="/about/team"]').waitFor();
    expect(watch.documents()).toHaveLength(0);
    expect(await liveJsonLdTypes(page)).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
    expect(watch.problems).toEqual([]);
    await context.close();
  });

  it('shows the header from the document itself, never waiting for a script', async () => {
    // React outlines a finished Suspense boundary of more than 500 bytes once the document passes
    // `progressiveChunkSize` (12,800 bytes by default): it would send the header hidden at the end and show it with a
    // script. server/render/entry.server.tsx sets it to Infinity (ADR 0078)
    const html = await (await fetch(`${site.origin}/en/news`)).text();
    expect(html).toMatch(/<!--\$--><header class="site-header"/);
    expect(html).not.toContain('<div hidden id="S:');
  });

  it("hydrates the header from its own chunk, falling back to the server's header", async () => {
    const { page, context, watch } = await tabs.open(`${site.origin}/en/news`);
    // hydrated means the header too: its search toggle opens the box in place, no page load
    expect(watch.requests.filter((r) => /\/assets\/Header-[^/]+\.js$/.test(r.url()))).toHaveLength(1);
    await page.locator('.search-toggle').click();
    await page.locator('#desktop-search input[type="search"]').waitFor();
    expect(watch.documents()).toHaveLength(1);
    expect(watch.problems).toEqual([]);
    await context.close();

    // the header's chunk cannot load: the page still hydrates, the header stays as the server rendered it
    const broken = await tabs.take();
    await broken.page.route(/\/assets\/Header-[^/]+\.js$/, (route) => route.abort());
    await broken.page.goto(`${site.origin}/en/news`);
    await hydrated(broken.page);
    expect(broken.watch.problems.some((w) => w.includes('the header could not load'))).toBe(true);
    expect(await broken.page.locator('.site-header .main-nav a').count()).toBeGreaterThan(5);
    // its search toggle is the plain link to the search page it is without JavaScript
    await broken.page.locator('.search-toggle').click();
    await broken.page.waitForURL(`${site.origin}/en/search`);
    await broken.context.close();
  });

  it('fetches the header, the footer and the runtime only after the load event (ADR 0102)', async () => {
    const { page, context } = await tabs.open(`${site.origin}/en/news`);
    /** The chunks named `late` the page has fetched, each with whether its request started before the load event. */
    const fetched = () =>
      page.evaluate(() => {
        const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        const late = /\/assets\/(Header|Footer|chrome|app-manifest|payload-client|prefetch|service-worker)-[^/]+\.js$/;
        return performance
          .getEntriesByType('resource')
          .filter((entry) => late.test(new URL(entry.name).pathname))
          .map((entry) => ({
            chunk: late.exec(new URL(entry.name).pathname)![1]!,
            beforeLoad: entry.startTime < navigation!.loadEventStart,
          }));
      });
    // the header and the footer hydrate once their chunk is there, so hydrated means fetched; link prefetching (with
    // the payload client) and the worker's registration follow at an idle moment
    await expect.poll(async () => new Set((await fetched()).map((entry) => entry.chunk)).size).toBe(7);
    expect((await fetched()).filter((entry) => entry.beforeLoad)).toEqual([]);
    await context.close();
  });

  it('fetches the error page with the navigation that shows it, before it commits (ADR 0102)', async () => {
    const { page, context, watch } = await tabs.open(`${site.origin}${await firstNewsItem()}`);
    const errorChunk = () => watch.requests.filter((r) => /\/assets\/ErrorPage-[^/]+\.js$/.test(r.url()));
    expect(errorChunk()).toHaveLength(0);
    // a link in the article's text to a story that does not exist: a client navigation whose payload is a 404; the
    // moment it commits is when the router pushes the new URL
    await page.evaluate(() => {
      const push = history.pushState.bind(history);
      history.pushState = (...args: Parameters<History['pushState']>) => {
        document.documentElement.dataset.pushedAt = String(performance.now());
        push(...args);
      };
      const link = document.createElement('a');
      link.href = '/en/news/no-such-story';
      link.id = 'missing-story';
      link.textContent = 'missing';
      document.querySelector('.rich-text')!.append(link);
    });
    watch.clear();
    await page.locator('#missing-story').click();
    await page.locator('main .error-page[data-status="404"]').waitFor();
    expect(errorChunk()).toHaveLength(1);
    // its code was there before the navigation committed: the page never shows an empty main meanwhile
    const [loadedAt, pushedAt] = await page.evaluate(() => [
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
        /\/assets\/ErrorPage-/.test(entry.name),
      )!.responseEnd,
      Number(document.documentElement.dataset.pushedAt),
    ]);
    expect(loadedAt).toBeLessThan(pushedAt!);
    expect(watch.documents()).toHaveLength(0);
    await context.close();
  });
});

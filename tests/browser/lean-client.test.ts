import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
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

  it("keeps the server's JSON-LD in the page through hydration and client navigation, without the builders", async () => {
    // a news item opened directly: the layout's Organization and WebSite, the breadcrumbs, the article
    const list = await (await fetch(`${site.origin}/en/news`)).text();
    const href = /<a class="card__link" href="(\/en\/news\/[^"]+)"/.exec(list)?.[1];
    expect(href).toBeTruthy();
    const { page, context, watch } = await tabs.open(`${site.origin}${href}`);
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

  it("loads the footer's feedback dialog only when the visitor reaches for it, and it opens on the first click", async () => {
    const { page, context, watch } = await tabs.open(`${site.origin}/en/news`);
    const dialogChunk = () => watch.requests.filter((r) => /\/assets\/FeedbackDialog-[^/]+\.js$/.test(r.url()));
    expect(dialogChunk()).toHaveLength(0);
    await page.locator('.feedback-button').click();
    await page.locator('[role="dialog"][aria-modal="true"] form').waitFor();
    expect(dialogChunk()).toHaveLength(1);
    expect(watch.documents()).toHaveLength(1);
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});

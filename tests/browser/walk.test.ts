import { defaultContentDir } from '../../content-api/config.ts';
import { describe, expect, it } from 'vitest';
import { loadContent } from '../../content-api/store.ts';
import { routeIdOf } from '../../server/route-id.ts';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const content = loadContent(defaultContentDir());

/** Screenshots of every section at both widths are `npm run screenshots` (scripts/screenshots.ts), not a test. */
describe.runIf(run)('a walk through every section (Chromium)', () => {
  const site = servedSite();
  /**
   * the payload requests of `path` the server answered (its request log, which names no query but `page` and the
   * build id: the same path with a query of its own, such as the WGMS page's `?glacier=` links, counts too)
   */
  const payloadsServed = (path: string) =>
    site.logs.filter(
      (l) =>
        l.msg === 'request' &&
        (l.req as { url?: string } | undefined)?.url?.split('?')[0] === `${path.replace(/\/$/, '')}/_payload.json`,
    ).length;

  // Russian: every route the menu reaches, once (the five countries are one route, the five cryosphere topics
  // another), and the first item of every kind of list; English (same pages, same code, other prefix): the first
  // entry of every menu group and one list item
  for (const [locale, entriesPerGroup, detailsUpTo] of [
    ['ru', Infinity, Infinity],
    ['en', 1, 1],
  ] as const) {
    it(`clicks through the menu and into list items (${locale}), one payload per page`, async () => {
      const context = await site.browser.newContext({
        locale: locale === 'ru' ? 'ru-RU' : 'en-GB',
        viewport: { width: 1280, height: 900 },
        // the page fade is tested in runtime.test.ts; here it would only make every click wait for it
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const watch = watchPage(page);
      const prefix = locale === 'en' ? '/en' : '';
      await page.goto(`${site.origin}${prefix || '/'}`);
      await hydrated(page);

      const visited = new Set<string>([`${prefix}/`]);
      // the route ids of the pages reached, by the menu or a list; a list item of a route already reached is not opened
      const routes = new Set<string>([routeIdOf(prefix || '/', locale)]);
      // the menu entries to click: the first of each route among the first `entriesPerGroup` of every group
      const entries = new Map<string, string>();
      for (const item of content.menu)
        for (const sub of item.subitems.slice(0, entriesPerGroup)) {
          const href = `${prefix}${sub.url}`;
          const id = routeIdOf(href, locale);
          if (!entries.has(id)) entries.set(id, href);
        }
      let details = 0;
      const navigate = async (click: () => Promise<void>, expectedPath: string) => {
        watch.clear();
        await click();
        await page.waitForURL((url) => url.pathname === expectedPath);
        // the new page is rendered (not just the URL changed), and not leaving again
        await page
          .locator(
            `.page-transition[data-path="${expectedPath.replace(/^\/en(?=\/|$)/, '') || '/'}"]:not([data-transition="out"]) h1`,
          )
          .first()
          .waitFor();
        visited.add(expectedPath);
        routes.add(routeIdOf(expectedPath, locale));
        expect(watch.documents(), `document request for ${expectedPath}`).toHaveLength(0);
        // one payload per page for the whole session from the server: fetched by a prefetch or by the navigation (the
        // browser's HTTP cache answers the other), never twice
        // (the pages of the same path with a query of their own, prefetched as their links show, are one each)
        await expect
          .poll(() => payloadsServed(expectedPath) - watch.pagesWithQueryOf(expectedPath).size, {
            message: `payloads for ${expectedPath}`,
          })
          .toBe(1);
      };

      for (const href of entries.values()) {
        const trigger = page.locator('.main-nav__item', { has: page.locator(`a[href="${href}"]`) }).first();
        // open the dropdown as a keyboard user would (focus, then Enter; hover is covered by chrome.test.ts)
        await page.mouse.move(0, 600);
        await trigger.locator('.main-nav__trigger').focus();
        await page.keyboard.press('Enter');
        await trigger.locator('.main-nav__dropdown').waitFor({ state: 'visible' });
        const link = trigger.locator(`a[href="${href}"]`).first();
        await navigate(() => link.click(), href);
        // open the first item of a list, if the page has cards that lead to a detail page
        const card = page.locator('main a.card__link[href^="/"]:visible').first();
        if (details < detailsUpTo && (await card.count()) > 0) {
          const detail = (await card.getAttribute('href')) ?? '';
          if (!detail.includes('#') && !visited.has(detail) && !routes.has(routeIdOf(detail.split('?')[0]!, locale))) {
            details += 1;
            await navigate(() => card.click(), detail.split('?')[0]!);
          }
        }
      }
      expect(watch.problems).toEqual([]);
      expect(details).toBeGreaterThanOrEqual(Math.min(detailsUpTo, 3));
      // Russian: every route of the menu, none skipped
      if (entriesPerGroup === Infinity)
        for (const item of content.menu)
          for (const sub of item.subitems) expect(routes).toContain(routeIdOf(`${prefix}${sub.url}`, locale));
      await context.close();
    }, 180_000);
  }
});

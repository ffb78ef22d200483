import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('hydration and client navigation (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  /**
   * Each path loaded and hydrated in a page of its own context, whose `init` runs before the page's scripts (a pooled
   * tab keeps none), then `check`ed.
   */
  async function visitEach(paths: string[], init: () => void, check: (page: Page, path: string) => Promise<void>) {
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(init);
      for (const path of paths) {
        await page.goto(site.origin + path);
        await hydrated(page);
        await check(page, path);
      }
    } finally {
      await context.close();
    }
  }

  it('shows the dates and figures the loaders formatted: the browser makes no Intl date or number formatter', async () => {
    const paths = [
      '/',
      '/en/news',
      '/news/events',
      '/en/resources/tools/wgms',
      '/resources/tools/wgms?glacier=abramova',
      '/en/resources/tools/wgms?glacier=golubina',
    ];
    // every Intl date or number formatter the page makes, during hydration or after it (the first one of a page loads
    // the locale's data: tens of milliseconds)
    const countFormatters = () => {
      const made: string[] = [];
      Object.assign(window, { intlMade: made });
      Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
        construct(target, args: []) {
          made.push('DateTimeFormat');
          return Reflect.construct(target, args) as object;
        },
      });
      Intl.NumberFormat = new Proxy(Intl.NumberFormat, {
        construct(target, args: []) {
          made.push('NumberFormat');
          return Reflect.construct(target, args) as object;
        },
      });
    };
    await visitEach(paths, countFormatters, async (page, path) => {
      // the page shows formatted dates or figures, and the browser made none of them
      expect(await page.locator('time, data').count(), path).toBeGreaterThan(0);
      if (path === '/en/resources/tools/wgms') {
        // a glacier chosen on the page: its panel, chart and tooltip come with the payload's text
        await page.locator('#glacier-abramova a').click();
        const panel = page.locator('.glacier-panel[data-glacier="abramova"]');
        await panel.waitFor();
        expect(await panel.locator('.ec-list__value data').first().textContent()).toMatch(/^−?\d+\.\d{2}$/);
        await panel.locator('g.mb-chart__bar').first().hover();
        expect(await panel.locator('.mb-chart__tooltip').textContent()).toMatch(/: −?\d{1,3}(,\d{3})* mm w\.e\./);
      }
      expect(await page.evaluate(() => Reflect.get(window, 'intlMade')), path).toEqual([]);
    });
  });

  it('starts up in steps, each a task of its own: the routes, the router, then hydration', async () => {
    // at each start-up mark a task is queued: it runs before the next step only if that step waits for a new task
    const recordSteps = () => {
      const order: string[] = [];
      Object.assign(window, { startUp: order });
      const mark = performance.mark.bind(performance);
      performance.mark = (name: string, options?: PerformanceMarkOptions) => {
        if (name.startsWith('app:')) {
          order.push(name);
          setTimeout(() => order.push(`then a task`), 0);
        }
        return mark(name, options);
      };
    };
    // a page, a glacier chosen, and a page whose document has an error (its routes are matched from the URL)
    const paths = ['/', '/en/resources/tools/wgms?glacier=abramova', '/en/no-such-page'];
    await visitEach(paths, recordSteps, async (page, path) => {
      expect(await page.evaluate(() => Reflect.get(window, 'startUp')), path).toEqual([
        'app:routes',
        'then a task',
        'app:router',
        'then a task',
        'app:hydrate',
        'then a task',
      ]);
    });
  });

  it('switches the same page to the chosen language and remembers the choice', async () => {
    const { page, context, watch } = await tabs.open(`${site.origin}/news?page=2`);
    expect(await page.locator('.main-nav').getAttribute('aria-label')).toBe('Основная навигация');
    await page.locator('.lang-dropdown__toggle').click();
    await page.locator('.lang--dropdown a[hreflang="en"]').click();
    await page.waitForURL(`${site.origin}/en/news?page=2`);
    await hydrated(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.locator('.main-nav').getAttribute('aria-label')).toBe('Main navigation');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
    // a year from when it was set (the cookie's expiry is in seconds, as the site.browser keeps it)
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    // the root now follows the remembered choice
    await page.goto(`${site.origin}/`);
    expect(new URL(page.url()).pathname).toBe('/en');
    await hydrated(page);
    // requests the old pages still had in flight when left are cut by the site.browser (page-watch ignores those)
    expect(watch.problems).toEqual([]);
    await context.close();
  });
});

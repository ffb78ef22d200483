/**
 * Issue 13, the no-JavaScript part: with JavaScript off the mobile menu opens and reaches a section, and the header
 * search reaches /search. The keyboard part (Escape closes every popup with focus back on its trigger; Tab walks the
 * top level of the menu) is in tests/browser/chrome.test.ts, with the menus it drives. axe-core over every page type
 * at both widths: tests/visual/axe-sweep.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('menus and search without JavaScript (Chromium)', () => {
  const site = servedSite();

  it('without JavaScript the mobile menu leads to a section', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/`, {
      width: 360,
      height: 740,
      context: { javaScriptEnabled: false },
    });
    await page.locator('summary.hamburger').click();
    const link = page.locator('#mobile-menu .main-nav__sublink').first();
    expect(await link.isVisible()).toBe(true);
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`${site.origin}${href}`);
    await context.close();
  });

  it('without JavaScript the header search icon leads to a working search', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/en/news`, {
      locale: 'en',
      context: { javaScriptEnabled: false },
    });
    await page.locator('a.search-toggle').click();
    await page.waitForURL(`${site.origin}/en/search`);
    // and the search there works without JavaScript: the form's query answers a page of results
    await page.locator('#search-q').fill('glacier');
    await page.locator('.search-form__submit').click();
    await page.waitForURL(`${site.origin}/en/search?q=glacier`);
    expect(await page.locator('.search-results .search-result').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#search-q').inputValue()).toBe('glacier');
    await context.close();
  });
});

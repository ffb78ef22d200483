/**
 * Issue 13, the keyboard and no-JavaScript part: with JavaScript off the mobile menu opens and reaches a section, and
 * the header search reaches /search; Escape closes every popup with focus back on its trigger; Tab walks the top
 * level of the menu. axe-core over every page type at both widths: tests/visual/axe-sweep.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('menus and search from the keyboard and without JavaScript (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

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

  it('Escape closes every popup back to its trigger (desktop search, language, mobile menu)', async () => {
    const { page, context } = await tabs.open(`${site.origin}/news`, { height: 800 });
    await page.locator('.search-toggle').click();
    await page.locator('#desktop-search-q').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.locator('#desktop-search').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('.hamburger').click();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('hamburger'))).toBe(true);
    await context.close();
  });

  it('Tab walks the top level of the desktop menu without opening dropdowns', async () => {
    const { page, context } = await tabs.open(`${site.origin}/news`, { height: 800 });
    await page.locator('.main-nav__trigger').first().focus();
    expect(await page.locator('.main-nav__trigger').first().getAttribute('aria-expanded')).toBe('false');
    const tops = await page.locator('.main-nav__list > li').count();
    for (let i = 0; i < tops; i += 1) await page.keyboard.press('Tab');
    // past the menu in as many presses as it has top-level items: the search toggle is next
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
    await context.close();
  });
});

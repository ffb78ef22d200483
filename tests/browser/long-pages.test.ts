/**
 * Help on long pages (ADR 0105): "Back to top" shows only a few screens down a long page and takes the reader, and
 * the keyboard focus, back to the top, in both locales, and without JavaScript as a plain `#top` link; the database's
 * select filters sit behind one "Filters" disclosure on a phone (a `<details>`, no script needed) and in a row on a
 * wide screen.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, openPage } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const METHODS = '/resources/monitoring-methods';
/** A phone's width without JavaScript. */
const noScript = { width: 390, height: 800, context: { javaScriptEnabled: false } };

/** Whether the back-to-top link is on screen (inside the viewport, not clipped away by its box). */
const linkOnScreen = (page: Page) =>
  page.locator('.back-to-top__link').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const clip = el.parentElement!.getBoundingClientRect();
    return r.top >= clip.top && r.bottom <= clip.bottom && r.top >= 0 && r.bottom <= window.innerHeight;
  });

/** Scrolls until the end of the main content, where the link has its row above the footer, meets the viewport's bottom. */
const scrollToMainEnd = () => {
  const main = document.getElementById('main')!;
  window.scrollTo(0, main.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
};

describe.runIf(run)('long pages (Chromium)', () => {
  const site = servedSite();

  for (const [locale, label] of [
    ['', 'Наверх'],
    ['/en', 'Back to top'],
  ] as const)
    it(`${locale || '/ru'} at 390 px: back to top appears a few screens down and moves scroll and focus to the top`, async () => {
      const { page, context } = await openPage(site.browser, `${site.origin}${locale}${METHODS}`, {
        locale: locale ? 'en' : 'ru',
        width: 390,
        height: 800,
        context: { reducedMotion: 'reduce' },
      });
      const link = page.locator('.back-to-top__link');
      expect(await link.getAttribute('href')).toBe('#top');
      expect((await link.textContent())?.trim()).toContain(label);
      // the first screen: not shown
      expect(await linkOnScreen(page)).toBe(false);
      // the page is long (several screens): near its end, the link is on screen
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeGreaterThan(4 * 800);
      await page.evaluate(scrollToMainEnd);
      await page.waitForFunction(() => window.scrollY > 3 * 800);
      expect(await linkOnScreen(page)).toBe(true);
      // by keyboard: focus it and press Enter
      await link.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => window.scrollY === 0);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
      await context.close();
    });

  it('a short page never shows it', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/no/such/page`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await linkOnScreen(page)).toBe(false);
    await context.close();
  });

  it('without JavaScript, back to top is a plain link to the top of the document', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}${METHODS}`, noScript);
    await page.evaluate(scrollToMainEnd);
    await page.waitForFunction(() => window.scrollY > 3 * 800);
    expect(await linkOnScreen(page)).toBe(true);
    await page.locator('.back-to-top__link').click();
    await page.waitForURL(`${site.origin}${METHODS}#top`);
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it('at 390 px the database filters are one closed "Filters" disclosure; at 1280 px they are a row', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/resources/database`, noScript);
    const summary = page.locator('.filters summary');
    const select = page.locator('.filters select[name="type"]');
    expect(await summary.isVisible()).toBe(true);
    expect(await select.isVisible()).toBe(false);
    // the search field and the apply button stay out of it
    expect(await page.locator('.filters input[type="search"]').isVisible()).toBe(true);
    // the first screen is not all filters: the list starts on it
    const count = await page.locator('.database__count').boundingBox();
    expect(count!.y + count!.height).toBeLessThan(800);
    await summary.click();
    expect(await select.isVisible()).toBe(true);
    // a set filter opens it on the next page
    await page.goto(
      `${site.origin}/resources/database?type=${await select.locator('option').nth(1).getAttribute('value')}`,
    );
    expect(await page.locator('.filters details').getAttribute('open')).toBe('');
    expect(await summary.textContent()).toMatch(/\(1\)/);
    // a wide screen: the fields in a row, no disclosure to open
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${site.origin}/resources/database`);
    expect(await summary.isVisible()).toBe(false);
    expect(await select.isVisible()).toBe(true);
    await context.close();
  });
});

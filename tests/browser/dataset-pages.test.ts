/**
 * A database file's landing page in Chromium: reached from its card on the list by a client navigation, and its
 * citation copied to the clipboard once the page is live.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('a database file’s landing page (Chromium)', () => {
  const site = servedSite();

  it('opens from the title of its card on the database list', async () => {
    const context = await site.browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    await page.goto(`${site.origin}/resources/database`);
    await hydrated(page);
    const link = page.locator('.file__title a').first();
    const title = (await link.innerText()).trim();
    // a mark on the window that a document load would drop
    await page.evaluate(() => Object.assign(window, { listPageMark: true }));
    await link.click();
    await page.waitForURL(/\/resources\/database\/[a-z0-9-]+$/);
    await expect.poll(() => page.locator('h1').innerText()).toBe(title);
    await expect.poll(() => page.locator('.dataset__section').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => 'listPageMark' in window)).toBe(true);
    await context.close();
  });

  it('copies the citation as shown and says so, in both locales', async () => {
    for (const [locale, prefix, copied] of [
      ['ru-RU', '', 'Ссылка скопирована'],
      ['en-GB', '/en', 'Citation copied'],
    ] as const) {
      const context = await site.browser.newContext({ locale });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
      const page = await context.newPage();
      await page.goto(`${site.origin}${prefix}/resources/database/abramov-mass-balance-1968-2025`);
      await hydrated(page);
      const shown = (await page.locator('.citation__text').innerText()).trim();
      expect(shown).toContain('/resources/database/abramov-mass-balance-1968-2025');
      await page.locator('.citation__copy').click();
      await expect.poll(() => page.locator('.citation__status').innerText()).toBe(copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
      await context.close();
    }
  });
});

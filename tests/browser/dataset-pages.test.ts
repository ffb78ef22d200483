/**
 * A database file's landing page in Chromium: reached from its card on the list by a client navigation, and its
 * citation copied to the clipboard once the page is live.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, markDocument, openPage, sameDocument } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('a database file’s landing page (Chromium)', () => {
  const site = servedSite();

  it('opens from the title of its card on the database list', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/resources/database`);
    const link = page.locator('.file__title a').first();
    const title = (await link.innerText()).trim();
    await markDocument(page);
    await link.click();
    await page.waitForURL(/\/resources\/database\/[a-z0-9-]+$/);
    await expect.poll(() => page.locator('h1').innerText()).toBe(title);
    await expect.poll(() => page.locator('.dataset__section').count()).toBeGreaterThan(0);
    expect(await sameDocument(page)).toBe(true);
    await context.close();
  });

  it('copies the citation as shown and says so, in both locales', async () => {
    for (const [locale, prefix, copied] of [
      ['ru', '', 'Ссылка скопирована'],
      ['en', '/en', 'Citation copied'],
    ] as const) {
      const url = `${site.origin}${prefix}/resources/database/abramov-mass-balance-1968-2025`;
      const { page, context } = await openPage(site.browser, url, {
        locale,
        context: { permissions: ['clipboard-read', 'clipboard-write'] },
      });
      const shown = (await page.locator('.citation__text').innerText()).trim();
      expect(shown).toContain('/resources/database/abramov-mass-balance-1968-2025');
      await page.locator('.citation__copy').click();
      await expect.poll(() => page.locator('.citation__status').innerText()).toBe(copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
      await context.close();
    }
  });
});

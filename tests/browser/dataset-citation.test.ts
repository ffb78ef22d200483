/** A database file's landing page in Chromium: its citation is copied to the clipboard once the page is live. */
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('a database file’s citation (Chromium)', () => {
  const site = servedSite();

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

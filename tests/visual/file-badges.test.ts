/**
 * The format badge of a database file (shared/ui/files/FileList.tsx) holds its whole name in Chromium, GEOJSON
 * (the longest the database has) too, at a phone's width and a desktop's, where the badge is larger and its letters
 * with it.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('file format badges (Chromium)', () => {
  const site = servedSite();

  for (const width of [360, 1280])
    it(`${width} px: every badge of the database's GeoJSON files holds its name`, async () => {
      const context = await site.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${site.origin}/resources/database?q=Sentinel`);
      await hydrated(page);
      const badges = await page
        .locator('.file__badge')
        .evaluateAll((all) => all.map((b) => ({ text: b.textContent, scroll: b.scrollWidth, client: b.clientWidth })));
      expect(badges.map((b) => b.text)).toContain('GEOJSON');
      expect(badges.filter((b) => b.scroll > b.client)).toEqual([]);
      await context.close();
    });
});

/** The WGMS map page and the database at 360 px (shared/sections/resources/styles.css, FileList.css): nothing cut. */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('resources at 360 px (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  it('the WGMS page fits the viewport, labels and caption whole', async () => {
    for (const path of ['/resources/tools/wgms', '/en/resources/tools/wgms']) {
      const { page, context } = await tabs.open(site.origin + path, { width: 360, height: 740 });
      const map = await page.evaluate(() => {
        const scroll = document.querySelector('.glacier-map__scroll')!;
        const svg = scroll.querySelector('svg.ca-map')!.getBoundingClientRect();
        const labels = [...scroll.querySelectorAll<SVGTextElement>('.ca-map__label')]
          .filter((l) => getComputedStyle(l).display !== 'none')
          .map((l) => {
            const box = l.getBoundingClientRect();
            return { text: l.textContent, left: box.left, right: box.right, height: box.height };
          });
        return {
          svg: { left: svg.left, right: svg.right },
          labels,
          scrollable: scroll.scrollWidth > scroll.clientWidth,
          pageWidth: document.documentElement.scrollWidth,
        };
      });
      expect(map.pageWidth, path).toBeLessThanOrEqual(360);
      expect(map.scrollable, path).toBe(false);
      expect(map.svg.left).toBeGreaterThanOrEqual(0);
      expect(map.svg.right).toBeLessThanOrEqual(360);
      // the five core countries are named, each label whole inside the map and readable (≥ 9 px tall)
      expect(map.labels.length, path).toBe(5);
      for (const label of map.labels) {
        expect(label.left, `${path} ${label.text}`).toBeGreaterThanOrEqual(map.svg.left);
        expect(label.right, `${path} ${label.text}`).toBeLessThanOrEqual(map.svg.right);
        expect(label.height, `${path} ${label.text}`).toBeGreaterThanOrEqual(9);
      }

      // the table scrolls inside its own box; its caption stays within the box at any scroll position
      const table = page.locator('.table-scroll[aria-labelledby="wgms-caption"]');
      await table.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
      const caption = await page.evaluate(() => {
        const box = document.querySelector('.table-scroll[aria-labelledby="wgms-caption"]')!;
        const c = document.querySelector('.data-table caption')!.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return { box: { left: b.left, right: b.right }, left: c.left, right: c.right, scrolled: box.scrollLeft };
      });
      expect(caption.scrolled, path).toBeGreaterThan(100);
      expect(caption.left, path).toBeGreaterThanOrEqual(caption.box.left - 1);
      expect(caption.right, path).toBeLessThanOrEqual(caption.box.right + 1);
      await context.close();
    }
  });

  it('the GEOJSON badge on the database page shows its whole name', async () => {
    const { page, context } = await tabs.open(`${site.origin}/resources/database?type=map`, {
      width: 360,
    });
    const badges = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.file__badge')].map((b) => ({
        text: b.textContent,
        overflow: b.scrollWidth - b.clientWidth,
      })),
    );
    expect(badges.some((b) => b.text === 'GEOJSON')).toBe(true);
    for (const b of badges) expect(b.overflow, b.text ?? '').toBeLessThanOrEqual(0);
    await context.close();
  });
});

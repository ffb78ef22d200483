/**
 * The WGMS page's layout in Chromium (shared/sections/resources/WgmsPage.tsx): on a desktop, with or without a
 * glacier chosen, the glacier table spans the page below the map and the panel, every column in view without a
 * sideways scroll and each glacier's name on one line at 1280 px, on at most two at 1024; with nothing chosen the region's figures sit beside
 * the map (with a glacier chosen, the map stays in view beside the long panel: tests/visual/what-visitors-see.test.ts).
 * On a phone the table scrolls sideways in its box, and a hint above it says so.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const PAGE = '/resources/tools/wgms';

async function open(browser: Browser, url: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(url);
  await hydrated(page);
  return { page, context };
}

type Opened = Awaited<ReturnType<typeof open>>;

/** The table's scroll box, the lines of its widest-wrapped name, whether its hint shows, and where it sits. */
const tableLayout = ({ page }: Opened) =>
  page.locator('.wgms__glaciers').evaluate((section) => {
    const box = section.querySelector('.table-scroll')!;
    const names = [...section.querySelectorAll('tbody th[scope="row"] a')];
    const lines = names.map((a) => new Set([...a.getClientRects()].map((r) => Math.round(r.top))).size);
    const hint = section.querySelector('.wgms__scroll-hint')!;
    return {
      scrollWidth: box.scrollWidth,
      clientWidth: box.clientWidth,
      names: names.length,
      mostLines: Math.max(...lines),
      hint: hint.checkVisibility(),
      inPanel: section.closest('#glacier-panel') !== null,
      width: section.getBoundingClientRect().width,
      // the page's content box
      main: (() => {
        const page = document.querySelector('.wgms')!;
        const style = getComputedStyle(page);
        return page.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      })(),
    };
  });

const rect = ({ page }: Opened, selector: string) =>
  page.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

describe.runIf(run)('WGMS page layout (Chromium)', () => {
  const site = servedSite();

  for (const width of [1280, 1024])
    for (const [path, what] of [
      [PAGE, 'nothing chosen'],
      [`/en${PAGE}`, 'nothing chosen, English'],
      [`${PAGE}?glacier=abramova`, 'a glacier chosen'],
    ] as const)
      it(`${width} px, ${what}: the table spans the page, no sideways scroll, names on ${width === 1280 ? 'one line' : 'at most two lines'}`, async () => {
        const opened = await open(site.browser, `${site.origin}${path}`, width);
        const table = await tableLayout(opened);
        expect(table.names).toBeGreaterThan(10);
        expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth);
        expect(table.mostLines).toBeLessThanOrEqual(width === 1280 ? 1 : 2);
        expect(table.hint).toBe(false);
        expect(table.inPanel).toBe(false);
        expect(table.width).toBeGreaterThanOrEqual(table.main - 1);
        await opened.context.close();
      });

  it('1280 px, nothing chosen: the region figures sit beside the map, the table starts below both', async () => {
    const opened = await open(site.browser, `${site.origin}${PAGE}`, 1280);
    const [map, figures, table] = await Promise.all(
      ['.glacier-explorer__map', '.region-figures', '.wgms__glaciers'].map((s) => rect(opened, s)),
    );
    expect(figures!.left).toBeGreaterThan(map!.right);
    expect(figures!.top).toBeLessThan(map!.bottom);
    expect(table!.top).toBeGreaterThanOrEqual(Math.max(map!.bottom, figures!.bottom));
    await opened.context.close();
  });

  for (const path of [PAGE, `${PAGE}?glacier=abramova`])
    it(`360 px, ${path}: the table scrolls sideways in its box and the hint above it says so`, async () => {
      const opened = await open(site.browser, `${site.origin}${path}`, 360);
      const table = await tableLayout(opened);
      expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
      expect(table.hint).toBe(true);
      await opened.context.close();
    });
});

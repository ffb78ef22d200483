/**
 * The WGMS page's layout in Chromium (shared/sections/resources/WgmsPage.tsx): on a desktop, with or without a
 * glacier chosen, the glacier table spans the page below the map and the panel, every column in view without a
 * sideways scroll and each glacier's name on one line at 1280 px, on at most two at 1024; with nothing chosen the region's figures sit beside
 * the map (with a glacier chosen, the map stays in view beside the long panel: tests/visual/what-visitors-see.test.ts).
 * On a phone the page fits the viewport, the map's labels whole, and the table scrolls sideways in its box, its
 * caption in view, a hint above it saying so.
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

  for (const path of [PAGE, `/en${PAGE}`, `${PAGE}?glacier=abramova`])
    it(`360 px, ${path}: the page fits, the map's labels whole; the table scrolls in its box, its caption and hint in view`, async () => {
      const opened = await open(site.browser, `${site.origin}${path}`, 360);
      const map = await opened.page.evaluate(() => {
        const scroll = document.querySelector('.glacier-map__scroll')!;
        const svg = scroll.querySelector('svg.ca-map')!.getBoundingClientRect();
        const labels = [...scroll.querySelectorAll<SVGTextElement>('.ca-map__label')]
          .filter((l) => getComputedStyle(l).display !== 'none')
          .map((l) => ({ text: l.textContent, box: l.getBoundingClientRect().toJSON() as DOMRect }));
        const pageWidth = document.documentElement.scrollWidth;
        return { svg: svg.toJSON() as DOMRect, labels, scrollable: scroll.scrollWidth > scroll.clientWidth, pageWidth };
      });
      expect(map.pageWidth).toBeLessThanOrEqual(360);
      expect(map.scrollable).toBe(false);
      expect(map.svg.left).toBeGreaterThanOrEqual(0);
      expect(map.svg.right).toBeLessThanOrEqual(360);
      // the five core countries are named, each label whole inside the map and readable (≥ 9 px tall)
      expect(map.labels.length).toBe(5);
      for (const { text, box } of map.labels) {
        expect(box.left, text ?? '').toBeGreaterThanOrEqual(map.svg.left);
        expect(box.right, text ?? '').toBeLessThanOrEqual(map.svg.right);
        expect(box.height, text ?? '').toBeGreaterThanOrEqual(9);
      }
      const table = await tableLayout(opened);
      expect(table.scrollWidth).toBeGreaterThan(table.clientWidth);
      expect(table.hint).toBe(true);
      // scrolled to its end, the table's caption stays within its box
      const caption = await opened.page.locator('.table-scroll[aria-labelledby="wgms-caption"]').evaluate((box) => {
        box.scrollTo({ left: box.scrollWidth, behavior: 'instant' });
        const c = box.querySelector('caption')!.getBoundingClientRect();
        const b = box.getBoundingClientRect();
        return { left: c.left - b.left, right: b.right - c.right, scrolled: box.scrollLeft };
      });
      expect(caption.scrolled).toBeGreaterThan(100);
      expect(caption.left).toBeGreaterThanOrEqual(-1);
      expect(caption.right).toBeGreaterThanOrEqual(-1);
      await opened.context.close();
    });
});

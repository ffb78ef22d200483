/**
 * What visitors see (ADR 0105). The glacier map as the centrepiece: on the WGMS page (a glacier chosen) and the home
 * page, at 390 and 1280 px in both locales, no marker covers a country's name and no name is cut at the map's edge
 * (axe-core's rules, `target-size` and `color-contrast` among them, over both maps at 360 and 1280 px:
 * tests/visual/axe-sweep.test.ts); on a wide screen the map stays in view while the panel scrolls; with nothing chosen the region's headline figures equal those computed here from glaciers.json.
 * One design system: the hero's button clear of the cards below it, buttons and inputs of one height and radius. The
 * WGMS page and home are looked at in one pass per locale and width, each page loaded once for all its checks.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, openPage } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

interface GlacierRecord {
  wgms_id: number | null;
  wgms_reference: boolean;
  mass_balance: { year: number; value_mm_we: number }[];
}
const glaciers = JSON.parse(
  readFileSync(new URL('../../content-api/content/glaciers.json', import.meta.url), 'utf8'),
) as GlacierRecord[];

/**
 * The headline figures as the page explains them, computed here on their own: the reference glaciers are those WGMS
 * designates (marked in glaciers.json); for each year, the mean of those measured that year; the latest figure is the
 * newest year's mean, the cumulative one the sum of every year's mean; both rounded to whole millimetres.
 */
function expectedFigures() {
  const reference = glaciers.filter((g) => g.wgms_reference);
  const means = new Map<number, number[]>();
  for (const g of reference)
    for (const p of g.mass_balance) means.set(p.year, [...(means.get(p.year) ?? []), p.value_mm_we]);
  const years = [...means.keys()].sort((a, b) => a - b);
  const meanOf = (year: number) => {
    const values = means.get(year)!;
    return values.reduce((s, v) => s + v, 0) / values.length;
  };
  return {
    // the glaciers WGMS has: one on the map without a WGMS id (Fedchenko) is not counted
    glaciers: glaciers.filter((g) => g.wgms_id !== null).length,
    latest: Math.round(meanOf(years.at(-1)!)),
    cumulative: Math.round(years.reduce((s, y) => s + meanOf(y), 0)),
  };
}

/** The map of the WGMS page stays in view while the panel of a chosen glacier scrolls by to its last part. */
async function expectMapInView(page: Page) {
  const panel = await page.locator('#glacier-panel').boundingBox();
  // the panel runs well past one screen
  expect(panel!.height).toBeGreaterThan(1200);
  await page.evaluate((y) => window.scrollTo(0, y), panel!.y + panel!.height - 800);
  await page.waitForFunction(() => window.scrollY > 800);
  const map = await page.locator('.glacier-map').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  expect(map.top).toBeGreaterThanOrEqual(72);
  expect(map.bottom).toBeLessThanOrEqual(800);
}

/** Rectangles (page px) of each visible country name of each map on the page, with the box of its map. */
const mapBoxes = (page: Page) =>
  page.locator('svg.ca-map').evaluateAll((maps) =>
    maps.map((svg) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      };
      return {
        map: box(svg),
        labels: [...svg.querySelectorAll('.ca-map__label')]
          .filter((el) => getComputedStyle(el).display !== 'none')
          .map((el) => ({ text: el.textContent ?? '', ...box(el) })),
        dots: [...svg.querySelectorAll('.ca-map__dot')].map(box),
      };
    }),
  );

describe.runIf(run)('what visitors see (Chromium)', () => {
  const site = servedSite();

  // one pass per locale and width: the WGMS page with a glacier chosen, then home, each loaded once for all its checks
  for (const locale of ['', '/en'])
    for (const width of [390, 1280])
      it(`${locale || '/ru'} at ${width} px: no marker over a country's name; the map in view (1280 px); the hero's button clear of the cards`, async () => {
        const context = await site.browser.newContext({
          viewport: { width, height: 800 },
          locale: locale ? 'en-GB' : 'ru-RU',
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const visit = async (path: string) => {
          await page.goto(site.origin + locale + (path === '/' && locale ? '' : path));
          await hydrated(page);
          // the home page's map loads with its chunk: wait for its points
          await page.locator('svg.ca-map .ca-map__point').first().waitFor();
          for (const { map, labels, dots } of await mapBoxes(page)) {
            expect(labels.length).toBeGreaterThan(0);
            for (const label of labels) {
              // inside the map, not cut at its edge
              expect(label.left, `${path} ${label.text}`).toBeGreaterThanOrEqual(map.left);
              expect(label.right, `${path} ${label.text}`).toBeLessThanOrEqual(map.right);
              expect(label.top, `${path} ${label.text}`).toBeGreaterThanOrEqual(map.top);
              expect(label.bottom, `${path} ${label.text}`).toBeLessThanOrEqual(map.bottom);
              const covered = dots.some(
                (d) => d.left < label.right && d.right > label.left && d.top < label.bottom && d.bottom > label.top,
              );
              expect(covered, `${path}: a marker covers ${label.text}`).toBe(false);
            }
          }
        };
        await visit('/resources/tools/wgms?glacier=abramova');
        // on a wide screen the map stays in view while the panel of the chosen glacier scrolls by
        if (width === 1280) await expectMapInView(page);
        await visit('/');
        // the hero's button keeps clear of the highlight cards
        const button = await page.locator('.hero .button').boundingBox();
        const cards = await page.locator('.highlights').boundingBox();
        expect(cards!.y - (button!.y + button!.height)).toBeGreaterThanOrEqual(24);
        await context.close();
      });

  for (const locale of ['', '/en'])
    it(`${locale || '/ru'}: with nothing chosen, the region's figures are those of glaciers.json, and the table`, async () => {
      const { page, context } = await openPage(site.browser, `${site.origin}${locale}/resources/tools/wgms`, {
        locale: locale ? 'en' : 'ru',
        height: 800,
      });
      const want = expectedFigures();
      const value = (name: string) =>
        page.locator(`.region-figures [data-figure="${name}"] data`).getAttribute('value').then(Number);
      expect(await value('glaciers')).toBe(want.glaciers);
      expect(await value('latest')).toBe(want.latest);
      expect(await value('cumulative')).toBe(want.cumulative);
      // the newest year of the data is a preliminary one: both balance figures say so
      expect(await page.locator('.region-figures [data-figure="latest"] .wgms__preliminary').count()).toBe(1);
      // beside the map, in the panel's column: the figures; the table below both, the page's whole width
      const table = page.locator('.wgms__glaciers table');
      expect(await table.locator('tbody tr').count()).toBe(glaciers.length);
      const [mapBox, figuresBox] = [
        await page.locator('.glacier-explorer__map').boundingBox(),
        await page.locator('.region-figures').boundingBox(),
      ];
      expect(figuresBox!.x).toBeGreaterThan(mapBox!.x + mapBox!.width);
      expect(figuresBox!.y).toBeLessThan(mapBox!.y + mapBox!.height);
      await context.close();
    });

  it('buttons, inputs and selects share one height, text size and radius', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/resources/database`, { height: 800 });
    const look = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return [el.getBoundingClientRect().height, style.fontSize, style.borderTopLeftRadius];
        });
    const button = await look('.filters .button');
    expect(button).toEqual(await look('.filters input[type="search"]'));
    expect(button).toEqual(await look('.filters select'));
    expect(button[0]).toBe(44);
    await context.close();
  });
});

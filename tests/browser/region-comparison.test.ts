/**
 * The reference glaciers compared on the WGMS page (shared/sections/resources/RegionComparison.tsx) in Chromium: at
 * 360 px it lays itself out at the screen's width once the browser runs, scrolls sideways in its own focusable box
 * without JavaScript (its data table opens all the same), and axe-core finds nothing in it, its data table open, at
 * 360 and 1280 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolation } from '../helpers/axe.ts';
import { browserAvailable, openPage } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/** The comparison's violations with its data table open. */
async function violations(page: Page) {
  await page.locator('#region-comparison summary').click();
  await page.locator('#region-comparison table').waitFor();
  return (await axeViolations(page, { context: '#region-comparison' })).map(describeViolation);
}

/** The plot box's own width and what it holds, and the SVG's layout width. */
const plotWidths = (page: Page) =>
  page.locator('#region-comparison .cmp-chart__plot').evaluate((plot) => ({
    client: plot.clientWidth,
    scroll: plot.scrollWidth,
    svg: Number(plot.querySelector('svg')?.getAttribute('width')),
    tabIndex: plot.tabIndex,
  }));

/** axe is injected as an inline script, which the page's CSP (nonce-only) would block: the context bypasses it. */
const forAxe = { reducedMotion: 'reduce', bypassCSP: true } as const;

describe.runIf(run)('the reference glaciers compared (Chromium)', () => {
  const site = servedSite();

  it('at 360 px the chart is laid out at the screen’s width, and axe finds nothing', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/resources/tools/wgms`, {
      width: 360,
      height: 800,
      context: forAxe,
    });
    await page.locator('#region-comparison .cmp-chart__plot.is-measured').waitFor();
    const widths = await plotWidths(page);
    expect(widths.svg).toBe(widths.client);
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // not scrolling, so not a tab stop of its own
    expect(widths.tabIndex).toBe(-1);
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('without JavaScript at 360 px it keeps a readable width in a box that scrolls from the keyboard, its table opens', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/en/resources/tools/wgms`, {
      locale: 'en',
      width: 360,
      height: 740,
      context: { javaScriptEnabled: false },
    });
    const widths = await plotWidths(page);
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.tabIndex).toBe(0);
    expect(await page.locator('#region-comparison path[data-glacier]').count()).toBe(5);
    // the data table opens without JavaScript too
    await page.locator('#region-comparison summary').click();
    expect(await page.locator('#region-comparison table').isVisible()).toBe(true);
    await context.close();
  });

  it('at 1280 px axe finds nothing, in English', async () => {
    const { page, context } = await openPage(site.browser, `${site.origin}/en/resources/tools/wgms`, {
      locale: 'en',
      height: 800,
      context: forAxe,
    });
    await page.locator('#region-comparison .cmp-chart__plot.is-measured').waitFor();
    expect(await violations(page)).toEqual([]);
    await context.close();
  });
});

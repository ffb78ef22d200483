/**
 * Ready to run, not part of the suite (issue 13; the lead moves it to tests/browser/ once the pages use the new chrome):
 * axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every page type at 360 and 1280 px in both locales must find nothing,
 * and with JavaScript off the mobile menu opens and reaches a section, and the header search reaches /search.
 * Run alone: npx vitest run --project browser tests/browser-pending/a11y.test.ts (after adding the folder to the
 * browser project's include in vite.config.ts) or move the file to tests/browser/.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { browserAvailable, launchChromium } from '../helpers/browser.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One page of each type (list, detail, section, tool, legal, error) in the default locale. */
const PAGES = [
  '/',
  '/news',
  '/news/international-year-of-glaciers-preservation-2025',
  '/news/events',
  '/news/jobs',
  '/about',
  '/about/team',
  '/glaciers',
  '/countries/kazakhstan',
  '/multimedia/photo-gallery',
  '/multimedia/podcasts',
  '/multimedia/video',
  '/study/online-courses',
  '/study/webinars',
  '/resources/database',
  '/resources/tools/wgms',
  '/search?q=ледник',
  '/feedback',
  '/content/privacy-policy',
  '/no-such-page',
];
const WIDTHS = [360, 1280];

interface AxeResult {
  violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
}

describe.runIf(run)('WCAG 2.2 AA (axe-core, Chromium)', () => {
  let browser: Browser;
  let origin: string;
  beforeAll(async () => {
    ({ origin } = await startServedApp());
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());

  for (const width of WIDTHS) {
    for (const locale of ['', '/en']) {
      it(`${width}px ${locale || '/ru'}: no axe violations on any page type`, { timeout: 120_000 }, async () => {
        // axe is injected as an inline script: the page's CSP (nonce-only) would block it
        const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true });
        const page = await context.newPage();
        const found: string[] = [];
        for (const path of PAGES) {
          const url = origin + locale + (path === '/' && locale ? '' : path);
          await page.goto(url);
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
          await page.addScriptTag({ content: axeSource });
          const result = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<AxeResult> } }).axe;
            return axe.run({
              runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
            });
          });
          for (const v of result.violations)
            found.push(`${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        }
        await context.close();
        expect(found).toEqual([]);
      });
    }
  }

  it('without JavaScript the mobile menu opens and a section link works', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    await page.locator('summary.hamburger').click();
    const link = page.locator('#mobile-menu .accordion__link').first();
    expect(await link.isVisible()).toBe(true);
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`${origin}${href}`);
    await context.close();
  });

  it('without JavaScript the header search icon leads to the search page, whose form searches', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/en/news`);
    await page.locator('a.search-toggle').click();
    await page.waitForURL(`${origin}/en/search`);
    await context.close();
  });

  it('Escape closes every popup and gives focus back to its trigger (desktop search, language, mobile menu)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/news`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('.search-toggle').click();
    await page.locator('#desktop-search-q').waitFor();
    await page.keyboard.press('Escape');
    expect(await page.locator('#desktop-search').isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.locator('.hamburger').click();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('hamburger'))).toBe(true);
    await context.close();
  });

  it('Tab walks the top level of the desktop menu without opening dropdowns', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${origin}/news`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.locator('.main-nav__trigger').first().focus();
    expect(await page.locator('.main-nav__trigger').first().getAttribute('aria-expanded')).toBe('false');
    const tops = await page.locator('.main-nav__list > li').count();
    for (let i = 0; i < tops; i += 1) await page.keyboard.press('Tab');
    // past the menu in as many presses as it has top-level items: the search toggle is next
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
    await context.close();
  });
});

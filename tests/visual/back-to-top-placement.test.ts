/**
 * Back to top covers nothing (ADR 0131): on a long page it has its own row at the end of the main content, above the
 * footer, so its box meets no link, button, field or table cell at a phone's width or a desktop's, at the page's end
 * or where that row is in view, and axe's `target-size` finds nothing there; only a screen wide enough to leave a
 * margin beside the content column also keeps it in the bottom corner on the way down, in that margin.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, openPage } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';
import { axeViolations, describeViolation } from '../helpers/axe.ts';

const run = browserAvailable();
const HEIGHT = 800;
const PAGES = ['/about', '/en/countries', '/resources/tools/wgms'];

interface Box {
  what: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The part of the link its box lets show, within the viewport (empty when it is clipped away or off screen), and every
 * link, control and table cell on screen.
 */
const boxes = (page: Page) =>
  page.evaluate(() => {
    /** An element's box as far as the boxes that clip or scroll it let it show. */
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      const seen = { what: el.outerHTML.slice(0, 80), left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let up = el.parentElement; up; up = up.parentElement) {
        const style = getComputedStyle(up);
        const c = up.getBoundingClientRect();
        if (style.overflowX !== 'visible')
          Object.assign(seen, { left: Math.max(seen.left, c.left), right: Math.min(seen.right, c.right) });
        if (style.overflowY !== 'visible')
          Object.assign(seen, { top: Math.max(seen.top, c.top), bottom: Math.min(seen.bottom, c.bottom) });
      }
      return seen;
    };
    const link = document.querySelector('.back-to-top__link')!;
    const clip = link.parentElement!.getBoundingClientRect();
    const r = link.getBoundingClientRect();
    const own = { what: 'back to top', left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    const shown = {
      ...own,
      top: Math.max(own.top, clip.top, 0),
      bottom: Math.min(own.bottom, clip.bottom, innerHeight),
    };
    const others = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, td, th')]
      .filter((el) => el !== link && el.checkVisibility({ visibilityProperty: true }))
      .map(box)
      .filter((b) => b.bottom > Math.max(b.top, 0) && b.top < innerHeight && b.right > b.left);
    return { link: shown, whole: shown.bottom - shown.top === own.bottom - own.top, others };
  });

const meets = (a: Box, b: Box) =>
  a.bottom > a.top && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** What the link's shown part meets. */
const covered = async (page: Page) => {
  const { link, others } = await boxes(page);
  expect(others.length).toBeGreaterThan(0);
  return others.filter((other) => meets(link, other)).map((o) => o.what);
};

/** `path` at `width`, hydrated, then scrolled by `scroll`. */
async function open(site: ReturnType<typeof servedSite>, path: string, width: number, scroll: () => void) {
  const { page, context } = await openPage(site.browser, `${site.origin}${path}`, {
    locale: path.startsWith('/en') ? 'en' : 'ru',
    width,
    height: HEIGHT,
    // axe is injected as an inline script
    context: { reducedMotion: 'reduce', bypassCSP: true },
  });
  await page.evaluate(scroll);
  await page.waitForFunction(() => window.scrollY > 0);
  return { page, context };
}

const toPageEnd = () => window.scrollTo(0, document.documentElement.scrollHeight);
const toLink = () => document.querySelector('.back-to-top__link')!.scrollIntoView({ block: 'center' });

describe.runIf(run)('back to top covers nothing (Chromium)', () => {
  const site = servedSite();

  for (const width of [360, 1280])
    for (const path of PAGES)
      it(`${path} at ${width} px, scrolled to its end: the link meets no link, control or table cell; target-size clean`, async () => {
        const { page, context } = await open(site, path, width, toPageEnd);
        await page.waitForFunction(() => Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight - 1);
        expect(await covered(page)).toEqual([]);
        expect((await axeViolations(page, { rules: ['target-size'] })).map(describeViolation)).toEqual([]);
        await context.close();
      });

  // the pages that run past two and a half screens at that width (/en/countries does not, even on a phone)
  for (const [width, path] of [
    [360, '/about'],
    [360, '/resources/tools/wgms'],
    [1280, '/resources/tools/wgms'],
  ] as const)
    it(`${path} at ${width} px: the link shows in its row between the content and the footer, meeting nothing`, async () => {
      const { page, context } = await open(site, path, width, toLink);
      expect((await boxes(page)).whole).toBe(true);
      expect(await covered(page)).toEqual([]);
      const [link, main, footer, last] = await Promise.all(
        ['.back-to-top__link', '#main', '.site-footer', '#main > :nth-last-child(2)'].map((s) =>
          page.locator(s).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
        ),
      );
      expect(link!.top).toBeGreaterThanOrEqual(last!.bottom);
      expect(link!.bottom).toBeLessThanOrEqual(Math.min(main!.bottom, footer!.top));
      expect((await axeViolations(page, { rules: ['target-size'] })).map(describeViolation)).toEqual([]);
      await context.close();
    });

  it('at 1600 px the link keeps to the bottom corner on the way down a long page, in the margin beside the content', async () => {
    const { page, context } = await open(site, '/resources/monitoring-methods', 1600, () =>
      window.scrollTo(0, 3 * 800),
    );
    const { link, whole } = await boxes(page);
    expect(whole).toBe(true);
    expect(link.bottom).toBeGreaterThan(HEIGHT - 100);
    expect(await covered(page)).toEqual([]);
    await context.close();
  });
});

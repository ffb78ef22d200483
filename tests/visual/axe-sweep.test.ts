/**
 * Issue 13: axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on one page of every type at 360 and 1280 px in both locales
 * finds nothing (the keyboard and no-JavaScript checks of the same issue: tests/browser/keyboard-and-no-js.test.ts). Kept cheap: the two locales go in parallel browser contexts, each page is loaded once and checked at both widths
 * once hydrated (no wait for images or a quiet network), and axe computes violations only.
 */
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, describeViolation } from '../helpers/axe.ts';
import { browserAvailable, hydrated, openPage, STATE_POLL_MS } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/**
 * One page of each type in the default locale, and the error page: home, lists (news, events, jobs, gallery,
 * podcasts, webinars, database), details (a webinar and an event in the one detail template, a database file's landing page), text pages (a cryosphere section, a country, legal), the team, the map tool,
 * a section's overview (and the cryosphere one), search (with results and without) and the feedback page. Lists built from the same cards
 * (video beside podcasts, courses beside webinars) and text pages like the others (about, the other overviews) are left
 * to their twins.
 */
const PAGES = [
  '/',
  '/news',
  '/news/international-year-of-glaciers-preservation-2025',
  '/news/events',
  '/news/jobs',
  '/about/team',
  '/glaciers',
  '/countries/kazakhstan',
  '/multimedia/photo-gallery',
  '/multimedia/podcasts',
  '/study/webinars',
  // the one detail template: a webinar's page and an event's
  '/study/webinars/webinar-reading-mass-balance-series',
  '/news/events/summer-school-glaciology-tuyuksu-2025',
  '/resources/database',
  // a database file's landing page: one with data (its citation block), one sample (its notice)
  '/resources/database/abramov-mass-balance-1968-2025',
  '/resources/database/kazakhstan-glaciers-annual-review-2024',
  '/resources/tools/wgms',
  // the map tool with a glacier chosen (its panel, its chart)
  '/resources/tools/wgms?glacier=abramova',
  '/search?q=ледник',
  // a section's overview and a search that finds nothing (its suggestions)
  '/resources',
  '/cryosphere',
  '/search?q=qqqxyzzy',
  '/feedback',
  '/content/privacy-policy',
];
const ERROR_PAGE = '/no-such-page';
const OFFLINE_PAGE = '/offline';
const WIDTHS = [360, 1280];

describe.runIf(run)('WCAG 2.2 AA (axe-core, Chromium)', () => {
  const site = servedSite();

  /**
   * Visits `path` as a visitor's click would, by a client navigation (the router follows history's popstate), and
   * resolves once the new page is rendered: axe, injected once, stays loaded and the app is not booted again per
   * page. Transitions are off (reduced motion), so nothing is half-faded when axe measures contrast.
   */
  const navigate = async (page: Page, url: string, path: string) => {
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await page.waitForFunction(
      (want) =>
        document.querySelector(`.page-transition[data-path="${CSS.escape(want)}"]`) !== null &&
        document.querySelector('.page-transition[data-transition="out"]') === null,
      // the router's path, below the locale's basename
      path.split('?')[0]!,
      { timeout: 10_000, polling: STATE_POLL_MS },
    );
  };

  /**
   * The header and footer are the same on every page of a run (only the current menu item changes, in a style the
   * first page already shows): `chrome: false` leaves them out, so each page's own content is what axe measures.
   */
  const axeRun = (page: Page, chrome: boolean) =>
    axeViolations(page, chrome ? {} : { context: { exclude: [['.site-header'], ['.site-footer']] } });

  // the two locales share site.browser and go at once (it.concurrent), one context each; each loads its first page
  // and the error page as documents and reaches the others by client navigation, and checks every page at both
  // widths (the viewport is resized; what differs between widths is CSS, and the menu is the same markup at both)
  for (const locale of ['', '/en']) {
    it.concurrent(
      `${locale || '/ru'}: no axe violations on any page type at ${WIDTHS.join(' and ')} px`,
      { timeout: 120_000 },
      async ({ expect }) => {
        // axe is injected as an inline script: the page's CSP (nonce-only) would block it
        const context = await site.browser.newContext({
          viewport: { width: WIDTHS[0]!, height: 800 },
          // the language asked for matches the locale checked (`/` redirects by Accept-Language)
          locale: locale ? 'en-GB' : 'ru-RU',
          bypassCSP: true,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        const found: string[] = [];
        const check = async (path: string, chrome = false) => {
          for (const width of WIDTHS) {
            await page.setViewportSize({ width, height: 800 });
            // the resized page, at its top with its fonts loaded, is laid out and painted before axe measures it (a
            // target under the fixed feedback button, or a fallback font's line breaks, would depend on the moment)
            await page.evaluate(async () => {
              scrollTo(0, 0);
              await document.fonts.ready;
              await new Promise((resolve) => requestAnimationFrame(resolve));
            });
            for (const v of await axeRun(page, chrome)) found.push(`${path} at ${width}px: ${describeViolation(v)}`);
          }
        };
        const urlOf = (path: string) => site.origin + locale + (path === '/' && locale ? '' : path);
        const load = async (path: string) => {
          await page.goto(urlOf(path), { waitUntil: 'domcontentloaded' });
          await hydrated(page);
        };
        const [first, ...rest] = PAGES;
        await load(first!);
        // home's map loads with its chunk: its points are measured too (target sizes, contrast)
        await page.locator('svg.ca-map .ca-map__point').first().waitFor();
        await check(first!, true);
        for (const path of rest) {
          await navigate(page, urlOf(path), path);
          await check(path);
        }
        // the error page is the root error boundary's, outside the page transition: a document of its own
        await load(ERROR_PAGE);
        await check(ERROR_PAGE, true);
        // the offline page is a document without the client app (the service worker shows it offline): nothing hydrates
        await page.goto(urlOf(OFFLINE_PAGE));
        await check(OFFLINE_PAGE, true);
        await context.close();
        expect(found).toEqual([]);
      },
    );
  }

  // states a page shows only after an action: the feedback dialog open (at both widths), the phone's menu open, a
  // desktop dropdown open
  for (const locale of ['', '/en'])
    it(`${locale || '/ru'}: no axe violations with the feedback dialog, the phone menu or a dropdown open`, async ({
      expect,
    }) => {
      const { page, context } = await openPage(site.browser, `${site.origin}${locale}/about`, {
        locale: locale ? 'en' : 'ru',
        height: 800,
        context: { bypassCSP: true, reducedMotion: 'reduce' },
      });
      const found: string[] = [];
      const checkState = async (state: string, context: string) => {
        for (const v of await axeViolations(page, { context })) found.push(`${state}: ${describeViolation(v)}`);
      };
      const trigger = page.locator('.main-nav__trigger').first();
      await trigger.focus();
      await page.keyboard.press('Enter');
      await page.locator('.main-nav__dropdown').first().waitFor({ state: 'visible' });
      await checkState('a dropdown open at 1280 px', '.site-header');
      await page.keyboard.press('Escape');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.locator('.feedback-button').click();
        const dialog = page.locator('[role="dialog"][aria-modal="true"]');
        await dialog.waitFor();
        await checkState(`the feedback dialog at ${width} px`, '[role="dialog"]');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      await page.setViewportSize({ width: 360, height: 800 });
      await page.locator('.hamburger').click();
      await page.locator('.mobile-menu__panel').waitFor({ state: 'visible' });
      await checkState('the phone menu open at 360 px', '.site-header');
      await context.close();
      expect(found).toEqual([]);
    });
});

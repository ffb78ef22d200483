import { defaultContentDir } from '../../content-api/config.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { browserAvailable, fillFeedback, hydrated, openFeedback, openPage, tabPool } from '../helpers/browser.ts';
import { sharedContentApi } from '../helpers/app.ts';
import { forwardTo, json, startFakeUpstream } from '../helpers/fake-upstream.ts';
import { servedSite, startServedApp } from '../helpers/served-app.ts';
import { armStopwatch } from '../helpers/stopwatch.ts';

const run = browserAvailable();
const texts = JSON.parse(readFileSync(join(defaultContentDir(), 'translations.json'), 'utf8')) as Record<
  string,
  { ru: string; en: string }
>;
const ru = (key: string) => texts[key]!.ru;

describe.runIf(run)('header, footer, feedback (Chromium)', () => {
  const site = servedSite({ config: { FEEDBACK_RATE_LIMIT: 1000 } });
  let failing: { origin: string; upstream: Awaited<ReturnType<typeof startFakeUpstream>> };

  beforeAll(async () => {
    const content = await sharedContentApi();
    const upstream = await startFakeUpstream((req, res) =>
      // a refusal (an outage would be queued in the outbox and answered as received)
      req.method === 'POST' ? json(res, 422, { message: 'refused' }) : forwardTo(content.url)(req, res),
    );
    failing = { origin: (await startServedApp({ upstreamUrl: upstream.url })).origin, upstream };
  });
  afterAll(async () => failing?.upstream.close());

  /** `path` loaded and hydrated in the tab kept per width (tests/helpers/browser.ts: tabPool). */
  const tabs = tabPool(() => site.browser);
  const open = (path: string, width = 1280, origin = site.origin) => tabs.open(origin + path, { width });

  describe('desktop navigation', () => {
    it('keeps a dropdown open while hovered and for 200 ms after', async () => {
      const { page, context, watch } = await open('/news');
      const item = page.locator('.main-nav__item', { has: page.locator('.main-nav__trigger') }).first();
      const trigger = item.locator('.main-nav__trigger');
      const dropdown = item.locator('.main-nav__dropdown');
      await trigger.hover();
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
      await expect.poll(() => dropdown.isVisible()).toBe(true);
      // the delay is measured in the page: from the pointer leaving the item to the dropdown closing
      const closed = await armStopwatch(page, item, 'mouseleave', {
        selector: '.main-nav__trigger[aria-expanded="true"]',
        present: false,
      });
      await page.mouse.move(640, 700);
      const delay = await closed();
      expect(delay).toBeGreaterThanOrEqual(195);
      expect(delay).toBeLessThan(1500);
      expect(await trigger.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => dropdown.isVisible()).toBe(false);
      // Escape dismisses a dropdown opened by hover, focus being elsewhere (WCAG 1.4.13)
      await trigger.hover();
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Escape');
      await expect.poll(() => trigger.getAttribute('aria-expanded')).toBe('false');
      expect(watch.problems).toEqual([]);
      await context.close();
    });

    it('marks where the visitor is in the menu, and works from the keyboard as a menu', async () => {
      const { page, context } = await open('/news');
      const active = page.locator('.main-nav .main-nav__item.is-active');
      await expect.poll(() => active.count()).toBe(1);
      expect(await page.locator('.main-nav a[aria-current="page"]').getAttribute('href')).toBe('/news');
      const triggers = page.locator('.main-nav__trigger');
      await triggers.first().focus();
      // WCAG 2.2: a dropdown opens on click, Enter or hover, not on focus alone (Tab walks the top level)
      expect(await triggers.first().getAttribute('aria-expanded')).toBe('false');
      // past the menu in as many presses as it has top-level items, opening none: the search toggle is next
      const tops = await page.locator('.main-nav__list > li').count();
      for (let i = 0; i < tops; i += 1) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
      expect(await page.locator('.main-nav__trigger[aria-expanded="true"]').count()).toBe(0);
      await triggers.first().focus();
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => triggers.first().getAttribute('aria-expanded')).toBe('true');
      const links = page.locator('.main-nav__item').first().locator('.main-nav__dropdown a');
      // the focused link (the trigger may carry the same text as the first link)
      const focusedLink = () =>
        page.evaluate(() => (document.activeElement?.tagName === 'A' ? document.activeElement.textContent : null));
      await expect.poll(focusedLink).toBe(await links.nth(0).textContent());
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedLink).toBe(await links.nth(1).textContent());
      await page.keyboard.press('ArrowUp');
      await expect.poll(focusedLink).toBe(await links.nth(0).textContent());
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('main-nav__trigger');
      expect(await triggers.first().getAttribute('aria-expanded')).toBe('false');
      await page.keyboard.press('ArrowRight');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await triggers.nth(1).textContent());
      await context.close();
    });
  });

  describe('search bar', () => {
    it('opens from the icon as a search field that closes on an outside click', async () => {
      const { page, context } = await open('/news');
      const toggle = page.locator('.search-toggle');
      await toggle.click();
      const input = page.locator('#desktop-search-q');
      await expect.poll(() => input.isVisible()).toBe(true);
      await expect.poll(() => input.getAttribute('placeholder')).toBe(ru('header.startToEnter'));
      expect(await page.locator('#desktop-search .search-bar__clear').count()).toBe(0);
      await input.fill('   ');
      expect(await page.locator('#desktop-search .search-bar__clear').count()).toBe(0);
      await input.fill(' лёд ');
      expect(await page.locator('#desktop-search .search-bar__clear').count()).toBe(1);
      await page.locator('#desktop-search .search-bar__clear').click();
      expect(await input.inputValue()).toBe('');
      await page.locator('#desktop-search .search-bar__submit').focus();
      expect(await input.getAttribute('placeholder')).toBe(ru('header.searchPlaceholder'));
      await page.mouse.click(640, 600);
      await expect.poll(() => page.locator('#desktop-search').isVisible()).toBe(false);
      // Escape closes it too, with focus back on the icon
      await toggle.click();
      await input.waitFor();
      await page.keyboard.press('Escape');
      expect(await page.locator('#desktop-search').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('search-toggle'))).toBe(true);
      await context.close();
    });

    it('submits only non-blank text, trimmed, to /search?q=', async () => {
      const { page, context } = await open('/news');
      await page.locator('.search-toggle').click();
      const input = page.locator('#desktop-search-q');
      // every URL the tab goes to from here on (client navigations included)
      const visited: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.push(frame.url());
      });
      await input.fill('   ');
      await input.press('Enter');
      expect(new URL(page.url()).pathname).toBe('/news');
      await input.fill('  ледник  ');
      await input.press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe('ледник');
      // the blank submit went nowhere: the only navigation is the one to the results
      expect(visited.map((u) => new URL(u).pathname + new URL(u).search)).toEqual([
        `/search?q=${encodeURIComponent('ледник')}`,
      ]);
      await expect.poll(() => page.locator('#desktop-search').isVisible()).toBe(false);
      await page.locator('.search-toggle').click();
      expect(await page.locator('#desktop-search-q').inputValue()).toBe('');
      await context.close();
    });
  });

  describe('language selector', () => {
    it('highlights the current locale on desktop and in the mobile menu', async () => {
      const { page, context } = await open('/news?page=2');
      const toggle = page.locator('.lang-dropdown__toggle');
      expect((await toggle.textContent())?.trim()).toContain('РУ');
      await toggle.click();
      const list = page.locator('.lang--dropdown');
      await expect.poll(() => list.isVisible()).toBe(true);
      expect(await list.locator('a[aria-current="true"]').textContent()).toBe('Русский');
      expect(await list.locator('a[hreflang="en"]').getAttribute('href')).toBe('/en/news?page=2');
      expect(await list.locator('a[hreflang="en"]').textContent()).toBe('English');
      await context.close();

      const mobile = await open('/news', 360);
      await mobile.page.locator('.hamburger').click();
      const buttons = mobile.page.locator('#mobile-menu .lang--buttons a');
      expect(await buttons.allTextContents()).toEqual(['РУ', 'EN']);
      expect(await buttons.first().getAttribute('aria-current')).toBe('true');
      await mobile.context.close();
    });
  });

  describe('mobile menu', () => {
    it('opens as a scroll-locking accordion that closes on a link', async () => {
      const { page, context, watch } = await open('/news', 360);
      const hamburger = page.locator('.hamburger');
      expect(await hamburger.locator('svg').getAttribute('data-icon')).toBe('menu');
      await hamburger.click();
      expect(await hamburger.getAttribute('aria-expanded')).toBe('true');
      expect(await hamburger.locator('svg').getAttribute('data-icon')).toBe('close');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      const toggles = page.locator('#mobile-menu .main-nav__trigger');
      await toggles.nth(0).click();
      expect(await toggles.nth(0).getAttribute('aria-expanded')).toBe('true');
      await toggles.nth(1).click();
      expect(await toggles.nth(1).getAttribute('aria-expanded')).toBe('true');
      expect(await toggles.nth(0).getAttribute('aria-expanded')).toBe('false');
      await hamburger.click();
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      await hamburger.click();
      // the accordion keeps its state while closed: item 1 is still the open one
      expect(await toggles.nth(1).getAttribute('aria-expanded')).toBe('true');
      const link = page.locator('#mobile-menu .main-nav__item.is-open .main-nav__dropdown a').first();
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await expect.poll(() => hamburger.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#mobile-menu').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      expect(watch.problems).toEqual([]);
      await context.close();
    });

    it('closes on Escape, focus back on its button, and has its own search box', async () => {
      const { page, context } = await open('/news', 360);
      const hamburger = page.locator('.hamburger');
      await hamburger.click();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.activeElement?.classList.contains('hamburger'))).toBe(true);
      await hamburger.click();
      await page.locator('#mobile-search-q').fill(' снег ');
      await page.locator('#mobile-search-q').press('Enter');
      await page.waitForURL((url) => url.pathname === '/search');
      expect(new URL(page.url()).searchParams.get('q')).toBe('снег');
      await expect.poll(() => page.locator('.hamburger').getAttribute('aria-expanded')).toBe('false');
      await context.close();
    });
  });

  it('delays a tooltip by 200 ms on hover and 400 ms on leaving (menu delay)', async () => {
    const { page, context } = await open('/news');
    const toggle = page.locator('.search-toggle');
    // both delays are measured in the page, from the pointer event to the tooltip's change
    const shown = await armStopwatch(page, toggle, 'mouseenter', { selector: '[role="tooltip"]', present: true });
    const hidden = await armStopwatch(page, toggle, 'mouseleave', { selector: '[role="tooltip"]', present: false });
    await toggle.hover();
    const showDelay = await shown();
    expect(showDelay).toBeGreaterThanOrEqual(195);
    expect(showDelay).toBeLessThan(1500);
    expect(await page.locator('[role="tooltip"]').textContent()).toBe(ru('header.searchOpen'));
    await page.mouse.move(640, 700);
    const hideDelay = await hidden();
    expect(hideDelay).toBeGreaterThanOrEqual(395);
    expect(hideDelay).toBeLessThan(2000);
    expect(await page.locator('[role="tooltip"]').count()).toBe(0);
    // WCAG 1.4.13: Escape dismisses a shown tip while the pointer stays on its trigger
    await toggle.hover();
    await page.locator('[role="tooltip"]').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('[role="tooltip"]').count()).toBe(0);
    await context.close();
  });

  describe('footer', () => {
    it('lists the social and partner links by position', async () => {
      const { page, context } = await open('/news');
      const social = page.locator('.social-links a');
      const content = JSON.parse(readFileSync(join(defaultContentDir(), 'social-networks.json'), 'utf8')) as {
        url: string;
        position: number;
      }[];
      expect(await social.evaluateAll((els) => els.map((a) => a.getAttribute('href')))).toEqual(
        [...content].sort((a, b) => a.position - b.position).map((s) => s.url),
      );
      for (const a of await social.all()) {
        expect(await a.getAttribute('target')).toBe('_blank');
        expect(await a.getAttribute('rel')).toBe('noopener noreferrer');
        const img = a.locator('img');
        expect([await img.getAttribute('width'), await img.getAttribute('height')]).toEqual(['32', '32']);
        expect(await img.getAttribute('alt')).toBeTruthy();
      }
      const logos = page.locator('.partner-logos img');
      expect(await logos.first().getAttribute('width')).toBe('124');
      expect(await logos.first().getAttribute('height')).toBe('72');
      expect(await page.locator('.site-footer a[href^="mailto:"]').count()).toBe(1);
      expect(await page.locator('.site-footer a[href="/content/privacy-policy"]').count()).toBe(1);
      expect(await page.locator('.site-footer a[href="/content/terms-and-conditions"]').count()).toBe(1);
      await context.close();
    });
  });

  describe('feedback modal and form', () => {
    it('behaves as a modal dialog', async () => {
      const { page, context } = await open('/news');
      const dialog = await openFeedback(page);
      expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
      expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.classList.contains('feedback-button'))).toBe(true);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

      await openFeedback(page);
      await page.mouse.click(5, 5);
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
      await openFeedback(page);
      await page.locator('.modal__close').click();
      await expect.poll(() => page.locator('[role="dialog"]').count()).toBe(0);
      await context.close();
    });

    const fill = (dialog: Locator) => fillFeedback(dialog, 'Подскажите, где скачать ряды баланса массы.', 'Нурлан');

    it('sends feedback, then offers a fresh form', async () => {
      const { page, context, watch } = await open('/news');
      const dialog = await openFeedback(page);
      const types = JSON.parse(readFileSync(join(defaultContentDir(), 'feedback-types.json'), 'utf8')) as {
        title: { ru: string };
        position: number;
      }[];
      const options = (await dialog.getByLabel(ru('form.topic')).locator('option').allTextContents()).slice(1);
      expect(options).toEqual([...types].sort((a, b) => a.position - b.position).map((t) => t.title.ru));
      await fill(dialog);
      await dialog.locator('.form__submit').click();
      await expect.poll(() => dialog.locator('.feedback-result--success').isVisible()).toBe(true);
      expect(await dialog.locator('.feedback-result__title').textContent()).toBe(ru('form.success.title'));
      expect(watch.requests.filter((r) => r.method() === 'POST' && r.url().endsWith('/feedback'))).toHaveLength(1);
      await page.keyboard.press('Escape');
      const again = await openFeedback(page);
      expect(await again.locator('form').count()).toBe(1);
      expect(await again.getByLabel(ru('form.name')).inputValue()).toBe('');
      await context.close();
    });

    it('shows the failed state when the post fails, without retrying', async () => {
      const { page, context } = await open('/news', 1280, failing.origin);
      const dialog = await openFeedback(page);
      await fill(dialog);
      failing.upstream.reset();
      await dialog.locator('.form__submit').click();
      await expect.poll(() => dialog.locator('.feedback-result--failed').isVisible()).toBe(true);
      expect(await dialog.locator('.feedback-result__title').textContent()).toBe(ru('form.failed.title'));
      expect(failing.upstream.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      await context.close();
    });

    it("loads the form's code on approach, in time for the first click, falling back to the feedback page", async () => {
      const { page, context, watch } = await open('/news');
      const chunk = '**/assets/FeedbackDialog-*.js';
      const dialogChunk = () => watch.requests.filter((r) => /\/assets\/FeedbackDialog-[^/]+\.js$/.test(r.url()));
      expect(dialogChunk()).toHaveLength(0);
      // routed requests bypass the HTTP cache: each load of the chunk is seen
      await page.route(chunk, (route) => route.continue());
      const fetched = page.waitForRequest((req) => /\/FeedbackDialog-[^/]+\.js$/.test(req.url()));
      await page.locator('.feedback-button').hover();
      await fetched;
      // the click opens the dialog with the code the approach fetched, in the page
      await (await openFeedback(page)).locator('form').waitFor();
      expect(dialogChunk()).toHaveLength(1);
      expect(watch.documents()).toHaveLength(1);
      await page.keyboard.press('Escape');
      // a fresh page whose chunk fails: the click falls back to the link's page instead of a dead button
      await page.route(chunk, (route) => route.abort());
      await page.goto(`${site.origin}/news`);
      await hydrated(page);
      await page.locator('.feedback-button').click();
      await page.waitForURL(`${site.origin}/feedback`);
      expect(await page.locator('main form.form').count()).toBe(1);
      await context.close();
    });

    it('works without JavaScript through the feedback page', async () => {
      const { page, context } = await openPage(site.browser, `${site.origin}/news`, {
        context: { javaScriptEnabled: false },
      });
      await page.locator('.feedback-button').click();
      await page.waitForURL(`${site.origin}/feedback`);
      await fillFeedback(page.locator('main form'), 'Форма работает и без JavaScript.', 'Без скриптов');
      await page.locator('.form__submit').click();
      await page.waitForURL(`${site.origin}/feedback?status=success`);
      expect(await page.locator('.feedback-result--success').isVisible()).toBe(true);
      await context.close();
    });
  });
});

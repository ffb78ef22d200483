/**
 * The sections' overview pages and the events' date ranges as a visitor's browser lays them out, at 390 and 1280 px
 * in both locales: nothing wider than the screen, every subsection's card whole (one column on a phone, a row on a
 * desktop), and no year parted from its «г.» nor a day range from its month.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const WIDTHS = [390, 1280];
const LOCALES = ['ru', 'en'] as const;

describe.runIf(run)('overview pages and date ranges (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  it.each(LOCALES)('overview pages fit the screen, their cards whole (%s)', async (locale) => {
    for (const width of WIDTHS) {
      for (const path of ['/resources', '/multimedia', '/study', '/countries']) {
        const url = `${site.origin}${locale === 'en' ? '/en' : ''}${path}`;
        const { page, context } = await tabs.open(url, { locale, width });
        const layout = await page.evaluate(() => ({
          pageWidth: document.documentElement.scrollWidth,
          cards: [...document.querySelectorAll('.overview__item')].map((card) => {
            const box = card.getBoundingClientRect();
            return { left: box.left, right: box.right, top: box.top };
          }),
        }));
        const where = `${url} at ${width} px`;
        expect(layout.pageWidth, where).toBeLessThanOrEqual(width);
        expect(layout.cards.length, where).toBeGreaterThan(1);
        for (const card of layout.cards) {
          expect(card.left, where).toBeGreaterThanOrEqual(0);
          expect(card.right, where).toBeLessThanOrEqual(width);
        }
        const [first, second] = layout.cards;
        // a phone stacks the cards; a desktop sets them side by side
        if (width < 600) expect(second!.top, where).toBeGreaterThan(first!.top);
        else expect(second!.top, where).toBe(first!.top);
        await context.close();
      }
    }
  });

  it.each(LOCALES)('event dates keep «г.» with the year and a range of days with its month (%s)', async (locale) => {
    for (const width of WIDTHS) {
      const url = `${site.origin}${locale === 'en' ? '/en' : ''}/news/events`;
      const { page, context } = await tabs.open(url, { locale, width });
      // each part that must stay whole, with the number of line boxes it takes
      const parts = await page.evaluate(() =>
        [...document.querySelectorAll('.event-dates time')].flatMap((time) => {
          const text = time.firstChild;
          // a time without its text fails (a part of no line box), never is skipped
          return text instanceof Text
            ? [...(text.textContent ?? '').matchAll(/\d{4}\u00a0г\.|\d{1,2}(?:–\d{1,2})?\u00a0\p{L}+/gu)].map((m) => {
                const range = document.createRange();
                range.setStart(text, m.index);
                range.setEnd(text, m.index + m[0].length);
                const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                return { part: m[0], lines: lines.size };
              })
            : [{ part: `(no text in ${time.outerHTML})`, lines: 0 }];
        }),
      );
      expect(parts.length, `${url} at ${width} px`).toBeGreaterThan(0);
      for (const { part, lines } of parts) expect(lines, `${part} at ${width} px`).toBe(1);
      await context.close();
    }
  });
});

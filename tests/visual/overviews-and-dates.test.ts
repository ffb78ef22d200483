/**
 * The sections' overview pages and the events' date ranges as a visitor's browser lays them out, at 390 and 1280 px
 * in both locales: nothing wider than the screen, every subsection's card whole (one column on a phone, a row on a
 * desktop), and no year parted from its «г.» nor a day range from its month. Labels that do not fit one line at a
 * phone's width: the about page's «Познакомиться с командой →» button holds its text (padded, the arrow kept with its
 * word), and the home page's section heads put their «Все … →» link whole under the heading, one line, clear of what
 * follows.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();
const WIDTHS = [390, 1280];
const LOCALES = ['ru', 'en'] as const;

describe.runIf(run)('overview pages, date ranges and labels that wrap (Chromium)', () => {
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

  it.each([
    ['/about', 360],
    ['/about', 1280],
    ['/en/about', 360],
  ] as const)('%s at %i px: the team button holds its text, padded, the arrow with its word', async (path, width) => {
    const { page, context } = await tabs.open(`${site.origin}${path}`, {
      width,
      locale: path.startsWith('/en') ? 'en' : 'ru',
    });
    const seen = await page.locator('.about__team .button').evaluate((button) => {
      const text = [...button.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      const all = document.createRange();
      all.selectNodeContents(button);
      const lines = [...all.getClientRects()];
      const at = (index: number) => {
        const r = document.createRange();
        r.setStart(text, index);
        r.setEnd(text, index + 1);
        return r.getBoundingClientRect().top;
      };
      const arrow = text.textContent!.indexOf('→');
      const box = button.getBoundingClientRect();
      return {
        overflows: button.scrollHeight > button.clientHeight || button.scrollWidth > button.clientWidth,
        arrowOnItsWordsLine: at(arrow) === at(arrow - 2),
        roomAbove: Math.min(...lines.map((l) => l.top)) - box.top,
        roomBelow: box.bottom - Math.max(...lines.map((l) => l.bottom)),
        height: box.height,
      };
    });
    expect(seen.overflows).toBe(false);
    expect(seen.arrowOnItsWordsLine).toBe(true);
    expect(seen.roomAbove).toBeGreaterThanOrEqual(8);
    expect(seen.roomBelow).toBeGreaterThanOrEqual(8);
    expect(seen.height).toBeGreaterThanOrEqual(44);
    await context.close();
  });

  it.each([360, 1280])(
    'home at %i px: each section link is one line, by its heading, clear of the content',
    async (width) => {
      const { page, context } = await tabs.open(`${site.origin}/`, { width });
      const heads = await page.locator('.section > .section__head').evaluateAll((all) =>
        all.map((head) => {
          const h2 = head.querySelector('h2')!.getBoundingClientRect();
          const link = head.querySelector('.section__more')!;
          const l = link.getBoundingClientRect();
          const next = head.nextElementSibling!.getBoundingClientRect();
          return {
            link: link.textContent,
            lines: new Set([...link.getClientRects()].map((r) => Math.round(r.top))).size,
            below: l.top >= h2.bottom,
            gapToHeading: l.top >= h2.bottom ? l.top - h2.bottom : 0,
            gapToContent: next.top - Math.max(l.bottom, h2.bottom),
          };
        }),
      );
      expect(heads.map((h) => h.link)).toEqual(['Все новости →', 'Все события →', 'Все материалы →', 'О проекте →']);
      // beside the heading on a desktop; on a phone under it where the two do not fit one line, as «Ближайшие
      // события» and «Все события →» do not
      expect(heads.filter((h) => h.below).map((h) => h.link)).toEqual(
        width === 1280 ? [] : expect.arrayContaining(['Все события →']),
      );
      for (const head of heads) {
        expect(head.lines, head.link!).toBe(1);
        expect(head.gapToHeading, head.link!).toBeLessThanOrEqual(8);
        expect(head.gapToContent, head.link!).toBeGreaterThanOrEqual(12);
      }
      await context.close();
    },
  );
});

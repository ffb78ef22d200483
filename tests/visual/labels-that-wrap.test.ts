/**
 * Labels that do not fit one line at a phone's width: the about page's «Познакомиться с командой →» button holds
 * its text (padded, the arrow kept with its word), and the home page's section heads put their «Все … →» link whole
 * under the heading, one line, clear of what follows.
 */
import { describe, expect, it } from 'vitest';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('labels that wrap (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

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

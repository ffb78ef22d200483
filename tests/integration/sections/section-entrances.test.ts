/** Every section has an entrance (ADR 0134): the header menu and home's "all" links lead to the overview pages. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, prefix } from '../../helpers/html.ts';

const { get, mainAt } = await startTestApp();

const OVERVIEWS = ['/cryosphere', '/countries', '/resources', '/multimedia', '/study'];
/** The hrefs of the links in a piece of HTML. */
const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);

describe('section entrances', () => {
  it.each(LOCALES)('the menu links every overview, first in its dropdown (%s)', async (locale) => {
    const html = (await get(`${prefix(locale) || '/'}`)).body;
    const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const overview of OVERVIEWS) {
      const item = content.menu.find((m) => m.url === overview)!;
      // the item's dropdown (desktop) and accordion (mobile): one list, its first link the overview
      const dropdown = new RegExp(`<ul class="main-nav__dropdown" id="nav-dropdown-${item.id}">([\\s\\S]*?)</ul>`).exec(
        nav,
      )![1]!;
      expect(hrefs(dropdown)[0], overview).toBe(`${prefix(locale)}${overview}`);
      expect(dropdown).toContain(`>${esc(item.subitems[0]!.title[locale])}</a>`);
    }
  });

  it.each(LOCALES)('home’s "all" links lead to the section pages (%s)', async (locale) => {
    const main = await mainAt(prefix(locale) || '/');
    const more = [
      ...main.matchAll(/<a [^>]*href="([^"]+)"[^>]*class="section__more"|<a class="section__more" href="([^"]+)"/g),
    ].map((m) => m[1] ?? m[2]);
    expect(more).toEqual(['/news', '/news/events', '/multimedia', '/about'].map((p) => `${prefix(locale)}${p}`));
  });
});

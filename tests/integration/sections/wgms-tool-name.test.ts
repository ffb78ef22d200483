/**
 * The WGMS glacier tool goes by one name in each locale wherever the site names it: the menu, the tools list, the
 * home page's slide, the resources page, the tool's own title, heading and breadcrumbs (also in their JSON-LD); and
 * the country pages' glacier list is «Ледники страны в базе WGMS», not a calque.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { escapeRe, LOCALES, mainOf, nodesOfType, prefix } from '../../helpers/html.ts';

const { app } = await startTestApp();
const get = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/<!-- -->/g, '');
};

const NAME = { ru: 'Карта ледников WGMS', en: 'WGMS glacier map' } as const;
const TOOL = '/resources/tools/wgms';

/** The text of every link of `html` to the tool's page (no query), tags stripped. */
const linkTexts = (html: string, locale: 'ru' | 'en') =>
  [...html.matchAll(new RegExp(`<a [^>]*href="${escapeRe(prefix(locale) + TOOL)}"[^>]*>([\\s\\S]*?)</a>`, 'g'))].map(
    (m) => m[1]!.replace(/<[^>]+>/g, '').trim(),
  );

describe('the WGMS tool has one name per locale', () => {
  for (const locale of LOCALES) {
    const name = NAME[locale];

    it(`${locale}: the menu and the home page's slide call it «${name}»`, async () => {
      const home = await get(prefix(locale) || '/');
      const header = home.slice(home.indexOf('<header'), home.indexOf('</header>'));
      expect(linkTexts(header, locale)).toContain(name);
      expect(linkTexts(header, locale).every((text) => text === name)).toBe(true);
      expect(mainOf(home)).toMatch(new RegExp(`<a [^>]*href="${escapeRe(prefix(locale) + TOOL)}"[^>]*>${name}</a>`));
    });

    it(`${locale}: the tools list and the resources page link it as «${name}»`, async () => {
      for (const path of ['/resources/tools', '/resources']) {
        const links = linkTexts(mainOf(await get(`${prefix(locale)}${path}`)), locale);
        expect(links, path).toContain(name);
      }
    });

    it(`${locale}: the tool's own title, heading and breadcrumbs say «${name}», with or without a glacier`, async () => {
      for (const search of ['', '?glacier=abramova']) {
        const page = await get(`${prefix(locale)}${TOOL}${search}`);
        expect(page).toMatch(new RegExp(`<title>${escapeRe(name)}( [—|–-] [^<]*)?</title>`));
        expect(page).toMatch(new RegExp(`<h1[^>]*>${escapeRe(name)}</h1>`));
        const [crumbs] = nodesOfType<{ itemListElement?: { name: string }[] }>(page, 'BreadcrumbList');
        expect(crumbs?.itemListElement?.at(-1)?.name).toBe(name);
      }
    });
  }

  it('the country pages name their glacier list naturally in both locales', async () => {
    const [ru, en] = await Promise.all([get('/countries/kyrgyzstan'), get('/en/countries/kyrgyzstan')]);
    expect(ru).toContain('<h2 id="country-glaciers">Ледники страны в базе WGMS</h2>');
    expect(en).toContain('<h2 id="country-glaciers">The country’s glaciers in the WGMS database</h2>');
    expect(ru).not.toContain('в данных WGMS');
  });
});

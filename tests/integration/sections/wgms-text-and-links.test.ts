/**
 * The small print of the WGMS tool's pages: a glacier's number keeps to its sign (`№ 139`, `No. 139`: a no-break
 * space) in the table, the panel, the country pages and the database's file titles; the list of glaciers the map
 * cannot show is headed in natural words; and every link to WGMS leaves the site with the site's external-link cue
 * (an arrow, and a new tab said to screen readers), also a site path a route rule sends to wgms.ch (`/wgms`) in an
 * article, which is written as the external link it is.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { mainOf, panelOf } from '../../helpers/html.ts';

const { app } = await startTestApp();
const get = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, url).toBe(200);
  return res.body.replace(/<!-- -->/g, '');
};

const NBSP = '\u00a0';
/** The WGMS page's glacier table. */
const tableOf = (html: string) => html.slice(html.indexOf('<section class="wgms__glaciers"'), html.indexOf('</table>'));
const CUE = {
  ru: `<span class="visually-hidden" lang="ru"> (откроется в новой вкладке)</span><span aria-hidden="true">${NBSP}↗</span></a>`,
  en: `<span class="visually-hidden" lang="en"> (opens in a new tab)</span><span aria-hidden="true">${NBSP}↗</span></a>`,
} as const;

describe('a number keeps to its sign', () => {
  it('in the WGMS table, the chosen glacier’s panel and the country page, in both locales', async () => {
    const [ru, en, panel, country] = await Promise.all([
      get('/resources/tools/wgms'),
      get('/en/resources/tools/wgms'),
      get('/resources/tools/wgms?glacier=vostochnyy-zulmart').then(panelOf),
      get('/countries/tajikistan'),
    ]);
    expect(tableOf(ru)).toContain(`Ледник Восточный Зулмарт (№${NBSP}139)</a>`);
    expect(tableOf(ru)).not.toContain('(№ 139)');
    expect(tableOf(en)).toContain(`East Zulmart Glacier (No.${NBSP}139)</a>`);
    expect(tableOf(en)).not.toContain('(No. 139)');
    expect(panel).toContain(`Ледник Восточный Зулмарт (№${NBSP}139)</h3>`);
    expect(mainOf(country)).toContain(`Ледник Восточный Зулмарт (№${NBSP}139)</a>`);
    // the list of glaciers the map cannot show is headed in natural words
    expect(ru).toContain('<h3 id="glacier-unmapped">Не отмечены на карте: координаты неизвестны</h3>');
    expect(en).toContain('<h3 id="glacier-unmapped">Not shown on the map: coordinates unknown</h3>');
  });

  it('in the titles of the database’s files', async () => {
    const list = mainOf(await get('/resources/database'));
    expect(list).toContain(`Восточный Зулмарт (№${NBSP}139)`);
    expect(list).not.toContain('(№ 139)');
  });
});

describe('links to WGMS carry the external-link cue', () => {
  it('the source and terms under the WGMS table, and the citation’s DOI, in both locales', async () => {
    for (const [locale, path] of [
      ['ru', '/resources/tools/wgms'],
      ['en', '/en/resources/tools/wgms'],
    ] as const) {
      const page = mainOf(await get(path));
      const source =
        /<a href="https:\/\/wgms\.ch" target="_blank" rel="noopener noreferrer">[^<]*(<span[\s\S]*?<\/a>)/.exec(page);
      expect(source?.[1], path).toBe(CUE[locale]);
      const terms = /<a href="https:\/\/wgms\.ch\/data-policy\/" [^>]*>[^<]*(<span[\s\S]*?<\/a>)/.exec(page);
      expect(terms?.[1], path).toBe(CUE[locale]);
      const doi = /<a href="https:\/\/doi\.org\/10\.5904\/wgms-fog-2026-02-10" [^>]*>[^<]*(<span[\s\S]*?<\/a>)/.exec(
        page,
      );
      expect(doi?.[1], path).toBe(CUE[locale]);
    }
  });

  it('an article’s link to /wgms is written as the external link to wgms.ch it is', async () => {
    for (const path of ['/news/tuyuksu-long-term-record', '/en/news/tuyuksu-long-term-record']) {
      const page = mainOf(await get(path));
      expect(page, path).not.toContain('href="/wgms"');
      expect(page, path).not.toContain('href="/en/wgms"');
      expect(page, path).toContain('<a href="https://wgms.ch/" target="_blank" rel="noopener noreferrer">');
    }
  });
});

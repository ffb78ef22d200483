/** shared/sections/cryosphere: the cryosphere subpages and their products, with files. */
import { describe, expect, it } from 'vitest';
import { CRYOSPHERE_FILES_PER_PAGE } from '../../../shared/constants.ts';
import { startRecordedApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { byDateDesc, esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';

// the real content API behind a recording proxy, so a test can also see which upstream calls a page made
const { app, get, mainAt, upstream } = await startRecordedApp();

describe('cryosphere subpages', () => {
  const subpages = [...content['cryosphere-subpages']].sort((a, b) => a.position - b.position);
  const glaciers = subpages.find((s) => s.slug === 'glaciers')!;
  // the files with data first, then the samples (made from no series), each newest first (ADR 0126)
  const newest = byDateDesc((f: (typeof content)['database-files'][number]) => f.published_at);
  const glacierFiles = content['database-files']
    .filter((f) => f.cryosphere === 'glaciers')
    .sort((a, b) => Number(a.glaciers.length === 0) - Number(b.glaciers.length === 0) || newest(a, b));
  const pages = new Map<string, ReturnType<typeof get>>();
  const getOnce = (url: string) => {
    if (!pages.has(url)) pages.set(url, get(url));
    return pages.get(url)!;
  };

  it.each(subpages.flatMap((s) => LOCALES.map((locale) => ({ slug: s.slug, locale }))))(
    'renders the /$slug subpage in $locale',
    async ({ slug, locale }) => {
      const subpage = subpages.find((s) => s.slug === slug)!;
      const main = await mainAt(`${prefix(locale)}/${slug}`);
      expect(main).toContain(`<h1>${esc(subpage.title[locale])}</h1>`);
      // a topic page: its trail goes through the section's overview, which holds the introduction (ADR 0134)
      const section = content.menu.find((m) => m.url === '/cryosphere')!;
      expect(main).toMatch(
        new RegExp(
          `<ol><li><a href="${prefix(locale) || '/'}"[^>]*>[^<]+</a></li><li><a href="${prefix(locale)}/cryosphere"[^>]*>${esc(section.title[locale])}</a></li><li aria-current="page">`,
        ),
      );
      expect(main).not.toContain(esc(content.cryosphere.title[locale]));
      for (const item of subpage.items) {
        expect(main).toContain(`href="${prefix(locale)}/${slug}/${item.slug}"`);
        expect(main).toContain(esc(item.title[locale]));
      }
      expect(main).toContain('id="files"');
    },
  );

  it.each(LOCALES)('renders the /cryosphere overview with the introduction and every topic (%s)', async (locale) => {
    const main = await mainAt(`${prefix(locale)}/cryosphere`);
    expect(main).toContain(`<h1>${esc(content.cryosphere.title[locale])}</h1>`);
    // the introduction's paragraphs, as the content API has them
    for (const paragraph of content.cryosphere.intro[locale].match(/<p>[\s\S]*?<\/p>/g)!)
      expect(main).toContain(paragraph);
    const links = [...main.matchAll(/<h2 class="overview__title"><a href="([^"]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(subpages.map((s) => `${prefix(locale)}/${s.slug}`));
    for (const s of subpages) expect(main).toContain(esc(s.excerpt[locale]));
  });

  it('keys /cryosphere by the introduction and every topic, a topic no longer by the introduction', async () => {
    const keys = (res: Awaited<ReturnType<typeof get>>) => String(res.headers['surrogate-key']).split(' ');
    const overview = keys(await get('/en/cryosphere'));
    expect(overview).toEqual(
      expect.arrayContaining([
        'cryosphere',
        'cryosphere-subpages',
        ...subpages.map((s) => `cryosphere-subpages:${s.slug}`),
      ]),
    );
    const topic = keys(await getOnce('/en/glaciers'));
    expect(topic).toContain('cryosphere-subpages:glaciers');
    expect(topic).not.toContain('cryosphere');
  });

  it('pages the subpage files 10 at a time', async () => {
    expect(glacierFiles.length).toBeGreaterThan(CRYOSPHERE_FILES_PER_PAGE);
    const first = mainOf((await getOnce('/en/glaciers')).body);
    const second = mainOf((await getOnce('/en/glaciers?page=2')).body);
    const onFirst = glacierFiles.slice(0, CRYOSPHERE_FILES_PER_PAGE);
    const onSecond = glacierFiles.slice(CRYOSPHERE_FILES_PER_PAGE);
    for (const file of onFirst) {
      expect(first).toContain(esc(file.title.en));
      expect(second).not.toContain(`>${esc(file.title.en)}</a></h3>`);
    }
    for (const file of onSecond) expect(second).toContain(esc(file.title.en));
    expect(first.match(/<article class="file[^"]*" id="file-/g)).toHaveLength(CRYOSPHERE_FILES_PER_PAGE);
    expect(first).toContain('href="/en/glaciers?page=2"');
  });

  it('shows each subpage file with its year, format and a download link', async () => {
    const first = mainOf((await getOnce('/en/glaciers')).body);
    expect(first).toMatch(/class="button file__download" href="\/media\/[^"]+" download=""/);
    expect(first).toContain(`${glacierFiles[0]!.year}`);
    expect(first).toContain(glacierFiles[0]!.format.toUpperCase());
  });

  it.each(LOCALES)('renders an article with breadcrumbs up to its subpage (%s)', async (locale) => {
    const [item] = glaciers.items;
    const res = await getOnce(`${prefix(locale)}/glaciers/${item!.slug}`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(`<h1>${esc(item!.title[locale])}</h1>`);
    expect(main).toMatch(new RegExp(`<nav class="breadcrumbs"[^>]*><ol><li><a href="${prefix(locale) || '/'}"`));
    expect(main).toContain(`<a href="${prefix(locale)}/glaciers"`);
  });

  it.each(LOCALES)('links an article to the other articles of its subpage (%s)', async (locale) => {
    const [item, ...others] = glaciers.items;
    const res = await getOnce(`${prefix(locale)}/glaciers/${item!.slug}`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    for (const other of others) expect(main).toContain(`href="${prefix(locale)}/glaciers/${other.slug}"`);
    expect(main).not.toContain(`href="${prefix(locale)}/glaciers/${item!.slug}"`);
  });

  it.each([
    ['/no-such-product', '/no-such-product'],
    ['/en/no-such-product', '/en/no-such-product'],
    ['/glaciers/no-such-item', '/glaciers/no-such-item'],
    ['/snow-cover/fedchenko-glacier', '/snow-cover/fedchenko-glacier'],
    ['/1', '/1'],
    ['/bad_slug', '/bad_slug'],
  ])('answers %s with 404 "Page Not Found"', async (url, path) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`Page Not Found: ${path}`);
    expect(res.body).toContain('class="site-footer"');
  });

  it('asks the upstream nothing for a slug that cannot exist', async () => {
    app.upstream.cache.clear();
    const res = await get('/not_a_slug/x');
    expect(res.statusCode).toBe(404);
    expect(upstream.requests.filter((r) => r.url.startsWith('/api/v1/cryosphere'))).toEqual([]);
  });

  it('lets static routes win over /:product', async () => {
    const news = await get('/news');
    expect(news.statusCode).toBe(200);
    expect(mainOf(news.body)).toContain('<h1>Новости</h1>');
    expect(news.body).not.toContain('class="cryo-files"');
    const about = await get('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).not.toContain('class="cryo-files"');
    const events = await get('/news/events');
    expect(mainOf(events.body)).toContain('id="events-upcoming"');
  });
});

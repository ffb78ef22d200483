import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../../../shared/constants.ts';
import { startTestApp } from '../../../helpers/app.ts';

const ORIGIN = 'https://cryo.example.org';
const cacheDir = mkdtempSync(join(tmpdir(), 'feeds-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
// the clock the upcoming-events calendar is measured against: pinned, never today's date
const NOW = new Date('2025-07-01T00:00:00Z');
const { app } = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN, CACHE_DIR: cacheDir }, clock: () => NOW });

type Localized = { ru: string; en: string };
interface Item {
  slug: string;
  published_at?: string;
  starts_at?: string;
  ends_at?: string | null;
  title: Localized;
  excerpt: Localized;
  location?: Localized;
  items?: { slug: string }[];
}
const content = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../content-api/content/${name}.json`, import.meta.url), 'utf8')) as Item[];
const prefix = (l: Locale) => (l === 'en' ? '/en' : '');
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['url', 'xhtml:link', 'item', 'entry', 'sitemap'].includes(name),
});

/** Every list and detail path of the site, from the content files (independently of the route's code). */
function expectedPaths(): string[] {
  const lists: [string, string][] = [
    ['/news', 'news'],
    ['/news/events', 'events'],
    ['/multimedia/photo-gallery', 'photo-galleries'],
    ['/multimedia/podcasts', 'podcasts'],
    ['/multimedia/video', 'videos'],
    ['/study/webinars', 'webinars'],
  ];
  const paths = ['/', '/about', '/about/team', '/news/jobs', '/study/online-courses', '/resources/database'];
  // the sections' overview pages
  paths.push('/multimedia', '/study', '/countries', '/resources', '/cryosphere');
  paths.push('/resources/monitoring-methods', '/resources/tools', '/resources/tools/wgms');
  for (const [base, file] of lists) paths.push(base, ...content(file).map((i) => `${base}/${i.slug}`));
  paths.push(...content('database-files').map((f) => `/resources/database/${f.slug}`));
  paths.push(...content('country-profiles').map((c) => `/countries/${c.slug}`));
  for (const s of content('cryosphere-subpages'))
    paths.push(`/${s.slug}`, ...(s.items ?? []).map((a) => `/${s.slug}/${a.slug}`));
  return paths;
}
const urlOf = (path: string, l: Locale) => ORIGIN + (l === 'en' ? (path === '/' ? '/en' : `/en${path}`) : path);

interface SitemapUrl {
  loc: string;
  lastmod?: string;
  'xhtml:link': { '@rel': string; '@hreflang': string; '@href': string }[];
}

describe('sitemap.xml and robots.txt', () => {
  it('robots.txt names the sitemap on the public origin', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).toMatch(/^User-agent: \*$/m);
  });

  const sitemapUrls = async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(XMLValidator.validate(res.body)).toBe(true);
    return (xml.parse(res.body) as { urlset: { url: SitemapUrl[] } }).urlset.url;
  };

  it('lists every list and detail page in both locales, once, each with its hreflang alternates and a lastmod', async () => {
    const urls = await sitemapUrls();
    const locs = new Set(urls.map((u) => u.loc));
    expect(locs.size).toBe(urls.length);
    for (const path of expectedPaths()) for (const l of LOCALES) expect(locs, urlOf(path, l)).toContain(urlOf(path, l));
    for (const u of urls) {
      const langs = Object.fromEntries(u['xhtml:link'].map((a) => [a['@hreflang'], a['@href']]));
      expect(Object.keys(langs).sort()).toEqual(['en', 'ru', 'x-default']);
      expect(langs.ru).toBe(langs['x-default']);
      expect([langs.ru, langs.en]).toContain(u.loc);
    }
    for (const u of urls) expect(u.lastmod, u.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // news details carry the item's own date
    const news = content('news')[0]!;
    expect(urls.find((u) => u.loc === urlOf(`/news/${news.slug}`, 'en'))?.lastmod).toBe(
      news.published_at!.slice(0, 10),
    );
  });

  it('its URLs answer 200 (the main list pages in both locales and every twelfth URL)', async () => {
    const urls = (await sitemapUrls()).map((u) => u.loc);
    // all of them take ~25 s on two shared cores: a fixed stride keeps every section covered in a few seconds
    const listPaths = ['/', '/news', '/news/events', '/multimedia/podcasts', '/resources/tools/wgms', '/glaciers'];
    const lists = new Set(listPaths.flatMap((p) => LOCALES.map((l) => urlOf(p, l))));
    const sample = urls.filter((u, i) => lists.has(u) || i % 12 === 0);
    expect(sample.length).toBeGreaterThan(25);
    const failed: string[] = [];
    for (let i = 0; i < sample.length; i += 8) {
      const batch = sample.slice(i, i + 8);
      const answers = await Promise.all(batch.map((u) => app.inject({ url: u.slice(ORIGIN.length) || '/' })));
      answers.forEach((a, k) => a.statusCode !== 200 && failed.push(`${batch[k]} ${a.statusCode}`));
    }
    expect(failed).toEqual([]);
  });

  it('becomes a sitemap index over numbered sitemaps when large', async () => {
    const small = await startTestApp({ config: { PUBLIC_ORIGIN: ORIGIN, CACHE_DIR: cacheDir }, sitemapMaxUrls: 100 });
    const index = await small.app.inject({ url: '/sitemap.xml' });
    expect(XMLValidator.validate(index.body)).toBe(true);
    const parts = (xml.parse(index.body) as { sitemapindex: { sitemap: { loc: string }[] } }).sitemapindex.sitemap;
    expect(parts.length).toBeGreaterThan(1);
    let total = 0;
    for (const [i, part] of parts.entries()) {
      expect(part.loc).toBe(`${ORIGIN}/sitemap-${i + 1}.xml`);
      const res = await small.app.inject({ url: `/sitemap-${i + 1}.xml` });
      expect(res.statusCode).toBe(200);
      const urls = (xml.parse(res.body) as { urlset: { url: SitemapUrl[] } }).urlset.url;
      expect(urls.length).toBeLessThanOrEqual(100);
      total += urls.length;
    }
    expect(total).toBe(expectedPaths().length * 2 + 3 * 2); // + feedback and the two legal pages
    expect((await small.app.inject({ url: `/sitemap-${parts.length + 1}.xml` })).statusCode).toBe(404);
  });
});

describe('news feeds', () => {
  const news = [...content('news')].sort((a, b) => b.published_at!.localeCompare(a.published_at!));
  for (const l of LOCALES) {
    it(`${prefix(l) || '/'} RSS 2.0 parses back with the newest news in the locale`, async () => {
      const res = await app.inject({ url: `${prefix(l)}/news/rss.xml` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
      expect(XMLValidator.validate(res.body)).toBe(true);
      const channel = (
        xml.parse(res.body) as { rss: { channel: { language: string; item: Record<string, unknown>[] } } }
      ).rss.channel;
      expect(channel.language).toBe(l);
      expect(channel.item.length).toBe(Math.min(30, news.length));
      expect(channel.item[0]!.title).toBe(news[0]!.title[l]);
      expect(channel.item[0]!.link).toBe(urlOf(`/news/${news[0]!.slug}`, l));
      expect(new Date(String(channel.item[0]!.pubDate)).toISOString()).toBe(
        new Date(news[0]!.published_at!).toISOString(),
      );
    });

    it(`${prefix(l) || '/'} Atom 1.0 parses back with ids, links and dates`, async () => {
      const res = await app.inject({ url: `${prefix(l)}/news/atom.xml` });
      expect(res.headers['content-type']).toMatch(/^application\/atom\+xml/);
      expect(XMLValidator.validate(res.body)).toBe(true);
      const feed = (
        xml.parse(res.body) as { feed: { id: string; entry: { id: string; title: unknown; updated: string }[] } }
      ).feed;
      expect(feed.id).toBe(urlOf('/news', l));
      expect(feed.entry[1]!.id).toBe(urlOf(`/news/${news[1]!.slug}`, l));
      expect(JSON.stringify(feed.entry[1]!.title)).toContain(news[1]!.title[l].replace(/"/g, '\\"').slice(0, 20));
      for (const e of feed.entry) expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
    });
  }
});

describe('calendars', () => {
  const events = content('events');
  const parse = (text: string) => new ICAL.Component(ICAL.parse(text) as unknown[]);

  for (const l of LOCALES) {
    it(`${prefix(l) || '/'} each event has an .ics that parses back`, async () => {
      const e = events.find((x) => x.ends_at)!;
      const res = await app.inject({ url: `${prefix(l)}/news/events/${e.slug}.ics` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const vevent = parse(res.body).getFirstSubcomponent('vevent')!;
      const ev = new ICAL.Event(vevent);
      expect(ev.summary).toBe(e.title[l]);
      expect(ev.location).toBe(e.location![l]);
      expect(ev.startDate.toJSDate().toISOString()).toBe(new Date(e.starts_at!).toISOString());
      expect(ev.endDate.toJSDate().toISOString()).toBe(new Date(e.ends_at!).toISOString());
      expect(vevent.getFirstPropertyValue('url')).toBe(urlOf(`/news/events/${e.slug}`, l));
    });

    it(`${prefix(l) || '/'} the calendar feed holds exactly the events not yet over at the pinned clock, soonest first`, async () => {
      const res = await app.inject({ url: `${prefix(l)}/news/events/calendar.ics` });
      expect(res.statusCode).toBe(200);
      const today = NOW.toISOString().slice(0, 10);
      const upcoming = events
        .filter((e) => (e.ends_at ?? e.starts_at!).slice(0, 10) >= today)
        .sort((a, b) => a.starts_at!.localeCompare(b.starts_at!));
      expect(upcoming.length).toBeGreaterThan(0);
      expect(upcoming.length).toBeLessThan(events.length);
      const got = parse(res.body)
        .getAllSubcomponents('vevent')
        .map((v) => new ICAL.Event(v).summary);
      expect(got).toEqual(upcoming.map((e) => e.title[l]));
    });
  }

  it('answers 404 for an unknown event or webinar or a malformed slug', async () => {
    expect((await app.inject({ url: '/news/events/no-such-event.ics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/study/webinars/no-such-webinar.ics' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/news/events/Bad_Slug.ics' })).statusCode).toBe(404);
  });
});

describe('icons and manifest', () => {
  it('favicon.ico holds 16, 32 and 48 px PNG images', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    const ico = res.rawPayload;
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => ico.readUInt8(6 + 16 * i));
    expect(sizes).toEqual([16, 32, 48]);
    const firstOffset = ico.readUInt32LE(6 + 12);
    const meta = await sharp(ico.subarray(firstOffset, firstOffset + ico.readUInt32LE(6 + 8))).metadata();
    expect([meta.format, meta.width]).toEqual(['png', 16]);
  });

  it('apple-touch-icon is an opaque 180 px PNG', async () => {
    const apple = await sharp((await app.inject({ url: '/apple-touch-icon.png' })).rawPayload).metadata();
    expect([apple.format, apple.width, apple.height]).toEqual(['png', 180, 180]);
    const stats = await sharp((await app.inject({ url: '/apple-touch-icon.png' })).rawPayload).stats();
    expect(stats.isOpaque).toBe(true);
  });

  it('manifest icons exist at their sizes', async () => {
    for (const l of LOCALES) {
      const res = await app.inject({ url: `${prefix(l)}/manifest.webmanifest` });
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const manifest = JSON.parse(res.body) as {
        lang: string;
        start_url: string;
        scope: string;
        icons: { src: string; sizes: string }[];
      };
      expect(manifest.lang).toBe(l);
      // the home page's canonical URL, inside the scope (a start URL that redirects would leave it)
      expect(manifest.start_url).toBe(prefix(l) || '/');
      expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
      expect((await app.inject({ url: manifest.start_url, headers: { 'accept-language': l } })).statusCode).toBe(200);
      for (const icon of manifest.icons) {
        const meta = await sharp((await app.inject({ url: icon.src })).rawPayload).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      }
    }
  });
});

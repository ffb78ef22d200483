import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../server/content-api/store.ts';
import { paths } from '../../server/paths.ts';
import { CRYOSPHERE_FILES_PER_PAGE, type Locale } from '../../shared/constants.ts';
import { privacyPolicy } from '../../shared/sections/legal/privacy-policy.server.ts';
import { termsAndConditions } from '../../shared/sections/legal/terms-and-conditions.server.ts';
import { prerenderedPaths } from '../../shared/router/route-tree.ts';
import { JOBS_PER_PAGE, PAST_EVENTS_PER_PAGE } from '../../shared/sections/events-jobs/loaders.server.ts';
import { sharedContentApi, startTestApp } from '../helpers/app.ts';
import { forwardTo, json, startFakeUpstream } from '../helpers/fake-upstream.ts';

const content = loadContent(paths().content);
const { app } = await startTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });

const LOCALES: Locale[] = ['ru', 'en'];
const prefix = (locale: Locale) => (locale === 'en' ? '/en' : '');
/** Text as React writes it into HTML. */
const esc = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
/** The page's <main>, so that menu and footer text cannot satisfy an assertion. */
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const today = () => new Date().toISOString().slice(0, 10);
const byDateDesc =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));

describe('about pages', () => {
  it.each(LOCALES)('renders the about page with its notice and a link to the team (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/about`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(res.body).toContain(`<title>${esc(content.about.title[locale])} — `);
    expect(main).toContain(`<h1>${esc(content.about.title[locale])}</h1>`);
    expect(main).toContain('class="notice"');
    expect(main).toContain(esc(content.about.sample_notice[locale]));
    expect(main).toContain('class="rich-text"');
    expect(main).toContain(`href="${prefix(locale)}/about/team"`);
  });

  it.each(LOCALES)('lists the team by position with photo, role, organization and bio (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/about/team`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    const team = [...content.team].sort((a, b) => a.position - b.position);
    const positions = team.map((m) => main.indexOf(`>${esc(m.name[locale])}</h2>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const member of team) {
      expect(main).toContain(esc(member.role[locale]));
      expect(main).toContain(esc(member.organization[locale]));
      expect(main).toContain(esc(member.bio[locale]));
    }
    expect(main.match(/class="team-card__photo"/g)).toHaveLength(team.length);
    expect(main).toContain(`href="${prefix(locale)}/about"`);
  });
});

describe('legal pages', () => {
  const legal = [
    { path: '/content/privacy-policy', doc: privacyPolicy },
    { path: '/content/terms-and-conditions', doc: termsAndConditions },
  ];

  it('are the prerendered paths', () => {
    expect(prerenderedPaths).toEqual(legal.map((l) => l.path));
  });

  it.each(legal.flatMap((l) => LOCALES.map((locale) => ({ ...l, locale }))))(
    'renders $path in $locale from the repository text',
    async ({ path, doc, locale }) => {
      const res = await get(prefix(locale) + path);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(doc[locale].title)}</h1>`);
      expect(main).toContain('info@cryoportal.asia');
      expect(res.body).toContain(`<meta name="description" content="${esc(doc[locale].description)}"/>`);
    },
  );

  it('says what the site stores: the feedback form, the language cookie, server logs', async () => {
    const ru = mainOf((await get('/content/privacy-policy')).body);
    const en = mainOf((await get('/en/content/privacy-policy')).body);
    for (const main of [ru, en]) {
      expect(main).toContain('i18n_redirected');
      expect(main).toContain('365');
    }
    expect(en).toContain('IP address');
    expect(en).toContain('feedback form');
    expect(en).toContain('third-party');
  });

  it('renders without any content call, and even with the upstream down', async () => {
    const upstream = await startFakeUpstream(forwardTo((await sharedContentApi()).url));
    afterAll(() => upstream.close());
    const { app: isolated } = await startTestApp({ upstreamUrl: upstream.url, config: { CACHE_TTL_MS: 0 } });
    const layoutCalls = new Set([
      '/api/v1/translations',
      '/api/v1/main-menu',
      '/api/v1/footer-partners/index',
      '/api/v1/social-networks/index',
      '/api/v1/feedback-types',
    ]);
    for (const path of prerenderedPaths) {
      for (const locale of LOCALES) {
        const res = await isolated.inject({ method: 'GET', url: prefix(locale) + path });
        expect(res.statusCode).toBe(200);
      }
    }
    const called = upstream.requests.map((r) => new URL(r.url, 'http://x').pathname);
    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((p) => !layoutCalls.has(p))).toEqual([]);

    upstream.handler = (_req, res) => json(res, 503, { message: 'down' });
    const res = await isolated.inject({ method: 'GET', url: '/en/content/terms-and-conditions' });
    expect(res.statusCode).toBe(200);
    expect(mainOf(res.body)).toContain(`<h1>${termsAndConditions.en.title}</h1>`);
  });
});

describe('cryosphere subpages', () => {
  const subpages = [...content['cryosphere-subpages']].sort((a, b) => a.position - b.position);
  const glaciers = subpages.find((s) => s.slug === 'glaciers')!;
  const glacierFiles = content['database-files']
    .filter((f) => f.cryosphere === 'glaciers')
    .sort(byDateDesc((f) => f.published_at));

  it.each(subpages.flatMap((s) => LOCALES.map((locale) => ({ slug: s.slug, locale }))))(
    'renders /$slug in $locale with its body, articles, section intro and files',
    async ({ slug, locale }) => {
      const subpage = subpages.find((s) => s.slug === slug)!;
      const res = await get(`${prefix(locale)}/${slug}`);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(subpage.title[locale])}</h1>`);
      expect(main).toContain(esc(content.cryosphere.title[locale]));
      for (const item of subpage.items) {
        expect(main).toContain(`href="${prefix(locale)}/${slug}/${item.slug}"`);
        expect(main).toContain(esc(item.title[locale]));
      }
      expect(main).toContain('id="files"');
    },
  );

  it('lists the subpage files, 10 a page, with type, year, format and a download link', async () => {
    expect(glacierFiles.length).toBeGreaterThan(CRYOSPHERE_FILES_PER_PAGE);
    const first = mainOf((await get('/en/glaciers')).body);
    const second = mainOf((await get('/en/glaciers?page=2')).body);
    const onFirst = glacierFiles.slice(0, CRYOSPHERE_FILES_PER_PAGE);
    const onSecond = glacierFiles.slice(CRYOSPHERE_FILES_PER_PAGE);
    for (const file of onFirst) {
      expect(first).toContain(esc(file.title.en));
      expect(second).not.toContain(`>${esc(file.title.en)}</h3>`);
    }
    for (const file of onSecond) expect(second).toContain(esc(file.title.en));
    expect(first.match(/<article class="file" id="file-/g)).toHaveLength(CRYOSPHERE_FILES_PER_PAGE);
    expect(first).toMatch(/class="button file__download" href="\/media\/[^"]+" download=""/);
    expect(first).toContain(`${glacierFiles[0]!.year}`);
    expect(first).toContain(glacierFiles[0]!.format.toUpperCase());
    expect(first).toContain('href="/en/glaciers?page=2"');
  });

  it.each(LOCALES)('renders an article with breadcrumbs and the other articles of its subpage (%s)', async (locale) => {
    const [item, ...others] = glaciers.items;
    const res = await get(`${prefix(locale)}/glaciers/${item!.slug}`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(`<h1>${esc(item!.title[locale])}</h1>`);
    expect(main).toMatch(new RegExp(`<nav class="breadcrumbs"[^>]*><ol><li><a href="${prefix(locale) || '/'}"`));
    expect(main).toContain(`<a href="${prefix(locale)}/glaciers"`);
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
    const upstream = await startFakeUpstream(forwardTo((await sharedContentApi()).url));
    afterAll(() => upstream.close());
    const { app: isolated } = await startTestApp({ upstreamUrl: upstream.url });
    const res = await isolated.inject({ method: 'GET', url: '/not_a_slug/x' });
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

describe('events', () => {
  const day = today();
  const isUpcoming = (e: { starts_at: string; ends_at: string | null }) =>
    (e.ends_at ?? e.starts_at).slice(0, 10) >= day;
  const upcoming = content.events.filter(isUpcoming).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const past = content.events.filter((e) => !isUpcoming(e)).sort(byDateDesc((e) => e.starts_at));

  it.each(LOCALES)('shows upcoming and past events in two sections (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/news/events`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(locale === 'ru' ? '<h1>События</h1>' : '<h1>Events</h1>');
    const split = main.indexOf('id="events-past"');
    expect(split).toBeGreaterThan(main.indexOf('id="events-upcoming"'));
    const [upcomingPart, pastPart] = [main.slice(0, split), main.slice(split)];
    for (const e of upcoming) expect(upcomingPart).toContain(`href="${prefix(locale)}/news/events/${e.slug}"`);
    for (const e of past.slice(0, PAST_EVENTS_PER_PAGE)) {
      expect(pastPart).toContain(`href="${prefix(locale)}/news/events/${e.slug}"`);
      expect(pastPart).toContain(esc(e.title[locale]));
    }
    for (const e of past) expect(upcomingPart).not.toContain(`/news/events/${e.slug}"`);
  });

  it('paginates the past events with ?page=', async () => {
    if (past.length <= PAST_EVENTS_PER_PAGE) return;
    const second = mainOf((await get('/news/events?page=2')).body);
    const pastPart = second.slice(second.indexOf('id="events-past"'));
    for (const e of past.slice(PAST_EVENTS_PER_PAGE, 2 * PAST_EVENTS_PER_PAGE))
      expect(pastPart).toContain(`/news/events/${e.slug}"`);
    for (const e of past.slice(0, PAST_EVENTS_PER_PAGE)) expect(pastPart).not.toContain(`/news/events/${e.slug}"`);
    expect(second).toContain('aria-current="page" aria-label="Страница 2"');
  });

  it.each(LOCALES)('renders an event with dates, place, body and a status badge (%s)', async (locale) => {
    for (const [event, badge] of [
      [upcoming[0], locale === 'ru' ? 'Предстоит' : 'Upcoming'],
      [past[0], locale === 'ru' ? 'Завершилось' : 'Past event'],
    ] as const) {
      if (!event) continue;
      const res = await get(`${prefix(locale)}/news/events/${event.slug}`);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(event.title[locale])}</h1>`);
      expect(main).toContain(`>${badge}</span>`);
      expect(main).toContain(`<time dateTime="${event.starts_at}">`);
      expect(main).toContain(esc(event.location[locale]));
      expect(main).toContain('class="rich-text"');
      expect(main).toContain(`href="${prefix(locale)}/news/events"`);
    }
  });

  it('shows event times at the venue, with its offset', async () => {
    const event = content.events.find((e) => e.slug === 'webinar-field-season-2026-results')!;
    expect(event.starts_at).toBe('2026-12-08T14:00:00+05:00');
    const main = mainOf((await get(`/en/news/events/${event.slug}`)).body);
    expect(main).toContain('14:00');
    expect(main).toContain('UTC+5');
  });

  it.each(['/news/events/nope', '/en/news/events/nope', '/news/events/1'])('answers %s with 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(`Page Not Found: ${url}`);
  });
});

describe('jobs', () => {
  const day = today();
  const all = [...content.opportunities].sort(byDateDesc((o) => o.published_at));
  const categories = content['opportunity-categories'];

  it.each(LOCALES)('lists opportunities with count, filter, facts and a collapsible body (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/news/jobs`);
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain(locale === 'ru' ? '<h1>Вакансии и возможности</h1>' : '<h1>Jobs and opportunities</h1>');
    expect(main).toContain(`${all.length}`);
    expect(main).toContain('<select name="category">');
    for (const c of categories) expect(main).toContain(`<option value="${c.slug}">${esc(c.title[locale])}</option>`);
    for (const job of all.slice(0, JOBS_PER_PAGE)) {
      expect(main).toContain(`id="${job.slug}"`);
      expect(main).toContain(esc(job.title[locale]));
      expect(main).toContain(esc(job.organization[locale]));
    }
    expect(main.match(/<details class="job__details">/g)).toHaveLength(Math.min(all.length, JOBS_PER_PAGE));
  });

  it('filters by category', async () => {
    const grants = all.filter((o) => o.category === 'grants');
    const main = mainOf((await get('/en/news/jobs?category=grants')).body);
    for (const job of grants) expect(main).toContain(`id="${job.slug}"`);
    for (const job of all.filter((o) => o.category !== 'grants')) expect(main).not.toContain(`id="${job.slug}"`);
    expect(main).toContain(`Found: ${grants.length}`);
    expect(main).toContain('<option value="grants" selected="">');
  });

  it('ignores an unknown category instead of passing it upstream', async () => {
    const res = await get('/news/jobs?category=no-such-category');
    expect(res.statusCode).toBe(200);
    expect(mainOf(res.body)).toContain(`Найдено: ${all.length}`);
  });

  it('paginates with ?page=', async () => {
    expect(all.length).toBeGreaterThan(JOBS_PER_PAGE);
    const first = mainOf((await get('/news/jobs')).body);
    const second = mainOf((await get('/news/jobs?page=2')).body);
    for (const job of all.slice(JOBS_PER_PAGE)) {
      expect(second).toContain(`id="${job.slug}"`);
      expect(first).not.toContain(`id="${job.slug}"`);
    }
    for (const job of all.slice(0, JOBS_PER_PAGE)) expect(second).not.toContain(`id="${job.slug}"`);
  });

  it('marks opportunities whose deadline has passed as closed', async () => {
    const pages = [mainOf((await get('/en/news/jobs')).body), mainOf((await get('/en/news/jobs?page=2')).body)].join(
      '',
    );
    const closed = all.filter((o) => o.deadline !== null && o.deadline < day);
    expect(pages.match(/class="job job--closed"/g) ?? []).toHaveLength(closed.length);
    for (const job of closed) expect(pages).toContain(`<article id="${job.slug}" class="job job--closed"`);
  });
});

/**
 * What a visitor meets at the ends of the site's paths, server-rendered on a pinned day: calendars and registration
 * only where they lead somewhere, overview pages of the sections, suggestions when a search finds nothing, and the
 * home page's events dated as the events list dates them.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startContentApi } from '../../../content-api/app.ts';
import { defaultContentDir } from '../../../content-api/config.ts';
import { SUGGESTED_SEARCHES } from '../../../shared/sections/search/suggestions.ts';
import { startTestApp } from '../../helpers/app.ts';
import { PINNED_NOW, PINNED_TODAY, pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { LOCALES, mainOf, prefix } from '../../helpers/html.ts';

pinDate();
const { get } = await startTestApp({ clock: pinnedClock });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return mainOf(res.body);
};
const eventLinks = (html: string) =>
  [...html.matchAll(/href="(?:\/en)?\/news\/events\/([a-z0-9-]+)"/g)].map((m) => m[1]);

const PINNED_NOW_ISO = PINNED_NOW.toISOString();
const isUpcoming = (e: { starts_at: string; ends_at: string | null }) =>
  (e.ends_at ?? e.starts_at).slice(0, 10) >= PINNED_TODAY;
const upcomingEvents = content.events.filter(isUpcoming);
const pastEvents = content.events.filter((e) => !isUpcoming(e));

/** The breadcrumb trail's links, in order (home first). */
const crumbLinks = (html: string) => {
  const nav = /<nav class="breadcrumbs"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]);
};

describe('webinars and events: what a visitor can do next', () => {
  const byStart = [...content.webinars].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const pastWebinar = byStart.filter((w) => w.starts_at < PINNED_NOW_ISO).at(-1)!;
  const upcomingWebinar = byStart.find((w) => w.starts_at > PINNED_NOW_ISO)!;

  it.each(LOCALES)('a past webinar without a recording says none was published (%s)', async (locale) => {
    const html = await page(`${prefix(locale)}/study/webinars/${pastWebinar.slug}`);
    expect(html).toContain(
      locale === 'ru' ? 'Запись на портале не публиковалась.' : 'No recording has been published on the portal.',
    );
    expect(html).not.toMatch(
      locale === 'ru' ? /запись (опубликована|доступна)/i : /recording is (published|available)/i,
    );
    expect(html).not.toContain('.ics"');
  });

  it.each(LOCALES)('an upcoming webinar links a way to take part and its calendar file (%s)', async (locale) => {
    const html = await page(`${prefix(locale)}/study/webinars/${upcomingWebinar.slug}`);
    expect(html).toContain(`href="${prefix(locale)}/feedback?about=webinar:${upcomingWebinar.slug}"`);
    expect(html).toContain(locale === 'ru' ? 'Спросить об участии' : 'Ask about taking part');
    const ics = `${prefix(locale)}/study/webinars/${upcomingWebinar.slug}.ics`;
    expect(html).toContain(`href="${ics}" download=""`);
    const res = await get(ics);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('BEGIN:VEVENT');
    // iCalendar folds long lines: unfold them first
    const ical = res.body.replace(/\r\n[ \t]/g, '');
    // (and escape commas and semicolons in text)
    expect(ical).toContain(`SUMMARY:${upcomingWebinar.title[locale].replace(/[,;]/g, '\\$&')}`);
    expect(ical).toContain(`/study/webinars/${upcomingWebinar.slug}`);
  });

  it.each(LOCALES)(
    'an upcoming event links a way to take part and its calendar; a past one no calendar (%s)',
    async (locale) => {
      const upcoming = upcomingEvents[0]!;
      const html = await page(`${prefix(locale)}/news/events/${upcoming.slug}`);
      expect(html).toContain(`href="${prefix(locale)}/news/events/${upcoming.slug}.ics" download=""`);
      expect(html).toContain(`href="${prefix(locale)}/feedback?about=event:${upcoming.slug}"`);
      const past = pastEvents[0]!;
      const pastHtml = await page(`${prefix(locale)}/news/events/${past.slug}`);
      expect(pastHtml).not.toContain('.ics"');
      expect(pastHtml).not.toContain(locale === 'ru' ? 'Добавить в календарь' : 'Add to calendar');
    },
  );
});

describe('registration and recordings the upstream gives', async () => {
  // the sample content with a recording for one past webinar and a registration form for an upcoming one and an event
  const dir = mkdtempSync(join(tmpdir(), 'visitor-paths-content-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(defaultContentDir(), dir, { recursive: true });
  const byStart = [...content.webinars].sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const pastWebinar = byStart.filter((w) => w.starts_at < PINNED_NOW_ISO).at(-1)!;
  const upcomingWebinar = byStart.find((w) => w.starts_at > PINNED_NOW_ISO)!;
  const upcomingEvent = upcomingEvents[0]!;
  const edit = (file: string, change: (item: { slug: string } & Record<string, unknown>) => void) => {
    const path = join(dir, file);
    const items = JSON.parse(readFileSync(path, 'utf8')) as ({ slug: string } & Record<string, unknown>)[];
    items.forEach(change);
    writeFileSync(path, JSON.stringify(items));
  };
  edit('webinars.json', (w) => {
    if (w.slug === pastWebinar.slug) w.recording_url = 'https://video.example.org/recording';
    if (w.slug === upcomingWebinar.slug) w.registration_url = 'https://forms.example.org/webinar';
  });
  edit('events.json', (e) => {
    if (e.slug === upcomingEvent.slug) e.registration_url = 'https://forms.example.org/event';
  });
  const upstream = await startContentApi(0, { contentDir: dir });
  afterAll(() => upstream.app.close());
  const { app: withLinks } = await startTestApp({ clock: pinnedClock, upstreamUrl: upstream.url });
  // React marks where text parts meet (`<!-- -->`): the text a visitor reads is without them
  const main = async (url: string) =>
    mainOf((await withLinks.inject({ method: 'GET', url })).body).replaceAll('<!-- -->', '');

  it.each(LOCALES)('a past webinar with a recording says so and links it (%s)', async (locale) => {
    const html = await main(`${prefix(locale)}/study/webinars/${pastWebinar.slug}`);
    expect(html).toContain(
      locale === 'ru'
        ? 'Этот вебинар уже прошёл. Запись опубликована: <a href="https://video.example.org/recording">смотреть запись</a>'
        : 'This webinar has already taken place. The recording is published: <a href="https://video.example.org/recording">watch the recording</a>',
    );
  });

  it.each(LOCALES)('an upcoming webinar and event link their registration (%s)', async (locale) => {
    const webinar = await main(`${prefix(locale)}/study/webinars/${upcomingWebinar.slug}`);
    expect(webinar).toContain('href="https://forms.example.org/webinar"');
    expect(webinar).toContain(locale === 'ru' ? '>Зарегистрироваться</a>' : '>Register</a>');
    expect(webinar).not.toContain(`href="${prefix(locale)}/feedback?about=`);
    const event = await main(`${prefix(locale)}/news/events/${upcomingEvent.slug}`);
    expect(event).toContain('href="https://forms.example.org/event"');
  });
});

describe('the sections’ overview pages', () => {
  const overviews = {
    '/resources': ['/resources/database', '/resources/monitoring-methods', '/resources/tools', '/resources/tools/wgms'],
    '/multimedia': ['/multimedia/photo-gallery', '/multimedia/podcasts', '/multimedia/video'],
    '/study': ['/study/online-courses', '/study/webinars'],
    '/countries': content['country-profiles'].map((c) => `/countries/${c.slug}`),
    // the cryosphere's topics sit at the top level (SPEC §2 `/{product}`), their overview beside them (ADR 0134)
    '/cryosphere': content['cryosphere-subpages'].map((s) => `/${s.slug}`),
  };
  const cases = LOCALES.flatMap((locale) =>
    Object.entries(overviews).map(([path, subs]) => [locale, path, subs] as const),
  );

  it.each(cases)('%s %s: an intro and a link to each subsection', async (locale, path, subs) => {
    const html = await page(`${prefix(locale)}${path}`);
    expect(html).toContain('class="overview__intro"');
    for (const sub of subs) expect(html).toContain(`href="${prefix(locale)}${sub}"`);
    expect(crumbLinks(html)).toEqual([prefix(locale) || '/']);
  });

  it.each(cases)('%s %s: its subsections’ trails go through it', async (locale, path, subs) => {
    for (const sub of subs) {
      const trail = crumbLinks(await page(`${prefix(locale)}${sub}`));
      expect(trail.slice(0, 2), sub).toEqual([prefix(locale) || '/', `${prefix(locale)}${path}`]);
    }
  });
});

describe('a search that finds nothing', () => {
  it.each(LOCALES)('suggests searches that find something and the portal’s sections (%s)', async (locale) => {
    const html = await page(`${prefix(locale)}/search?q=qqqxyzzy`);
    expect(html).toContain('class="search-suggest"');
    for (const query of SUGGESTED_SEARCHES[locale]) {
      const href = `${prefix(locale)}/search?${new URLSearchParams({ q: query })}`;
      expect(html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
      const found = await page(href);
      expect(found, query).toContain('class="search-results"');
    }
    for (const section of ['/news', '/resources', '/multimedia', '/study', '/countries'])
      expect(html).toContain(`href="${prefix(locale)}${section}"`);
  });
});

describe('the home page’s events', () => {
  it.each([
    ['ru', '25–29\u00a0января 2027\u00a0г.'],
    ['en', '25–29\u00a0January 2027'],
  ] as const)('show their days as the events list does, a range for a course of days (%s)', async (locale, range) => {
    const home = await page(prefix(locale) || '/');
    const list = await page(`${prefix(locale)}/news/events`);
    const slugs = eventLinks(home);
    expect(slugs.length).toBeGreaterThan(0);
    for (const slug of slugs) {
      const event = content.events.find((e) => e.slug === slug);
      expect(event, slug).toBeDefined();
      const shown = new RegExp(`<time dateTime="${event!.starts_at.replace('+', '\\+')}"[^>]*>([^<]+)</time>`);
      expect(shown.exec(home)?.[1], slug).toBe(shown.exec(list)?.[1]);
    }
    expect(slugs).toContain('winter-school-remote-sensing-snow-ice-2027');
    expect(home).toMatch(new RegExp(`<time dateTime="2027-01-25T09:00:00\\+05:00"[^>]*>${range}</time>`));
  });
});

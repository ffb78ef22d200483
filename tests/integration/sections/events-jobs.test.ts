/** shared/sections/events-jobs: events (/news/events) and jobs (/news/jobs), on a pinned day. */
import { describe, expect, it } from 'vitest';
import { JOBS_PER_PAGE, PAST_EVENTS_PER_PAGE } from '../../../shared/sections/events-jobs/loaders.server.ts';
import { startTestApp } from '../../helpers/app.ts';
import { PINNED_TODAY, pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { byDateDesc, esc, LOCALES, prefix } from '../../helpers/html.ts';

// "upcoming", "past" and "closed" are decided against a pinned day, inside the sample content's dates
pinDate();
const { mainAt } = await startTestApp({ clock: pinnedClock });

describe('events', () => {
  const day = PINNED_TODAY;
  const isUpcoming = (e: { starts_at: string; ends_at: string | null }) =>
    (e.ends_at ?? e.starts_at).slice(0, 10) >= day;
  const upcoming = content.events.filter(isUpcoming).sort((a, b) => a.starts_at.localeCompare(b.starts_at));
  const past = content.events.filter((e) => !isUpcoming(e)).sort(byDateDesc((e) => e.starts_at));

  it.each(LOCALES)('shows upcoming and past events in two sections (%s)', async (locale) => {
    const main = await mainAt(`${prefix(locale)}/news/events`);
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

  it('pins a day with enough upcoming and past events to fill both sections', () => {
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(PAST_EVENTS_PER_PAGE);
  });

  it('paginates the past events with ?page=', async () => {
    const second = await mainAt('/news/events?page=2');
    const pastPart = second.slice(second.indexOf('id="events-past"'));
    for (const e of past.slice(PAST_EVENTS_PER_PAGE, 2 * PAST_EVENTS_PER_PAGE))
      expect(pastPart).toContain(`/news/events/${e.slug}"`);
    for (const e of past.slice(0, PAST_EVENTS_PER_PAGE)) expect(pastPart).not.toContain(`/news/events/${e.slug}"`);
    expect(second).toContain('aria-current="page" aria-label="Страница 2"');
    // page 2 pages the past events only
    expect(second).not.toContain('id="events-upcoming"');
  });

  it.each([
    ['ru', '22–24\u00a0сентября 2026\u00a0г.', '21\u00a0июня\u00a0– 2\u00a0июля 2027\u00a0г.'],
    ['en', '22–24\u00a0September 2026', '21\u00a0June\u00a0– 2\u00a0July 2027'],
  ] as const)(
    'writes a range of days as the locale does, its parts kept together (%s)',
    async (locale, pastRange, upcomingRange) => {
      for (const slug of ['workshop-snow-and-glacier-runoff-tashkent-2026', 'summer-school-glaciology-tuyuksu-2027'])
        expect(content.events.map((e) => e.slug)).toContain(slug);
      const list = await mainAt(`${prefix(locale)}/news/events`);
      expect(list).toContain(`<time dateTime="2026-09-22T09:30:00+05:00">${pastRange}</time>`);
      expect(list).toContain(`<time dateTime="2027-06-21T09:00:00+05:00">${upcomingRange}</time>`);
    },
  );

  it.each(LOCALES)('renders an upcoming and a past event page (%s)', async (locale) => {
    for (const event of [upcoming[0]!, past[0]!]) {
      const main = await mainAt(`${prefix(locale)}/news/events/${event.slug}`);
      expect(main).toContain(`<h1>${esc(event.title[locale])}</h1>`);
      expect(main).toContain(`<time dateTime="${event.starts_at}">`);
      expect(main).toContain(esc(event.location[locale]));
      expect(main).toContain('class="rich-text"');
      expect(main).toContain(`href="${prefix(locale)}/news/events"`);
    }
  });
});

describe('jobs', () => {
  const day = PINNED_TODAY;
  const all = [...content.opportunities].sort(byDateDesc((o) => o.published_at));
  const categories = content['opportunity-categories'];

  it.each(LOCALES)(
    'lists the first page of opportunities, each with a collapsible body, under a filter with every opportunity category (%s)',
    async (locale) => {
      const main = await mainAt(`${prefix(locale)}/news/jobs`);
      expect(main).toContain('<select name="category">');
      for (const c of categories) expect(main).toContain(`<option value="${c.slug}">${esc(c.title[locale])}</option>`);
      expect(main).toContain(locale === 'ru' ? '<h1>Вакансии и возможности</h1>' : '<h1>Jobs and opportunities</h1>');
      expect(main).toContain(`${all.length}`);
      for (const job of all.slice(0, JOBS_PER_PAGE)) {
        expect(main).toContain(`id="${job.slug}"`);
        expect(main).toContain(esc(job.title[locale]));
        expect(main).toContain(esc(job.organization[locale]));
      }
      expect(main.match(/<details class="job__details">/g)).toHaveLength(Math.min(all.length, JOBS_PER_PAGE));
    },
  );

  it('filters by category', async () => {
    const grants = all.filter((o) => o.category === 'grants');
    const main = await mainAt('/en/news/jobs?category=grants');
    for (const job of grants) expect(main).toContain(`id="${job.slug}"`);
    for (const job of all.filter((o) => o.category !== 'grants')) expect(main).not.toContain(`id="${job.slug}"`);
    expect(main).toContain(`Found: ${grants.length}`);
    expect(main).toContain('<option value="grants" selected="">');
  });

  it('ignores an unknown category instead of passing it upstream', async () => {
    expect(await mainAt('/news/jobs?category=no-such-category')).toContain(`Найдено: ${all.length}`);
  });

  it('paginates with ?page=', async () => {
    expect(all.length).toBeGreaterThan(JOBS_PER_PAGE);
    const first = await mainAt('/news/jobs');
    const second = await mainAt('/news/jobs?page=2');
    for (const job of all.slice(JOBS_PER_PAGE)) {
      expect(second).toContain(`id="${job.slug}"`);
      expect(first).not.toContain(`id="${job.slug}"`);
    }
    for (const job of all.slice(0, JOBS_PER_PAGE)) expect(second).not.toContain(`id="${job.slug}"`);
  });

  it('marks opportunities whose deadline has passed as closed', async () => {
    const pages = [await mainAt('/en/news/jobs'), await mainAt('/en/news/jobs?page=2')].join('');
    const closed = all.filter((o) => o.deadline !== null && o.deadline < day);
    expect(closed.length).toBeGreaterThan(0);
    expect(pages.match(/class="job job--closed"/g) ?? []).toHaveLength(closed.length);
    for (const job of closed) expect(pages).toContain(`<article id="${job.slug}" class="job job--closed"`);
  });
});

describe('paging past the end', () => {
  it.each(LOCALES)('says a jobs page past the last does not exist instead of "nothing found" (%s)', async (locale) => {
    // list pages answer 200 past the end, as every section does
    const main = await mainAt(`${prefix(locale)}/news/jobs?page=99`);
    const last = Math.ceil(content.opportunities.length / JOBS_PER_PAGE);
    expect(main).toContain(
      locale === 'ru' ? `Страницы 99 нет: всего страниц — ${last}.` : `There is no page 99: the list has ${last}.`,
    );
    expect(main).toMatch(new RegExp(`<p class="empty pagination-past-end">[^<]+<a href="${prefix(locale)}/news/jobs"`));
    expect(main).not.toContain(locale === 'ru' ? 'ничего не найдено' : 'Nothing matches');
  });

  it('says an events page past the last does not exist instead of "no past events"', async () => {
    const main = await mainAt('/en/news/events?page=99');
    expect(main).toContain('There is no page 99');
    expect(main).toMatch(/<p class="empty pagination-past-end">[^<]+<a href="\/en\/news\/events"/);
    expect(main).not.toMatch(/<p class="empty">/);
  });
});

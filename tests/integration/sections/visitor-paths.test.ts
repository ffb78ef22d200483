/**
 * What a visitor meets at the ends of the site's paths, server-rendered on a pinned day: lists that page without
 * repeats, date ranges as the locale writes them, no play button without a film, calendars and registration only
 * where they lead somewhere, overview pages of the sections, and suggestions when a search finds nothing.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { PINNED_TODAY, pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { LOCALES, mainOf, prefix } from '../../helpers/html.ts';

pinDate();
const { app } = await startTestApp({ clock: pinnedClock });
const get = (url: string) => app.inject({ method: 'GET', url });
const page = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, url).toBe(200);
  return mainOf(res.body);
};
const eventLinks = (html: string) =>
  [...html.matchAll(/href="(?:\/en)?\/news\/events\/([a-z0-9-]+)"/g)].map((m) => m[1]);

const isUpcoming = (e: { starts_at: string; ends_at: string | null }) =>
  (e.ends_at ?? e.starts_at).slice(0, 10) >= PINNED_TODAY;
const upcomingEvents = content.events.filter(isUpcoming);
const pastEvents = content.events.filter((e) => !isUpcoming(e));

describe('the events list', () => {
  it.each(LOCALES)('shows every upcoming event on page 1 and none of page 1 on page 2 (%s)', async (locale) => {
    const first = await page(`${prefix(locale)}/news/events`);
    const second = await page(`${prefix(locale)}/news/events?page=2`);
    const onFirst = new Set(eventLinks(first));
    for (const e of upcomingEvents) expect(onFirst).toContain(e.slug);
    const onSecond = eventLinks(second);
    expect(onSecond.length).toBeGreaterThan(0);
    for (const slug of onSecond) expect(onFirst).not.toContain(slug);
    expect(second).not.toContain('id="events-upcoming"');
    for (const slug of onSecond) expect(pastEvents.map((e) => e.slug)).toContain(slug);
  });

  it.each([
    ['ru', '22–24\u00a0сентября 2026\u00a0г.', '21\u00a0июня\u00a0– 2\u00a0июля 2027\u00a0г.'],
    ['en', '22–24\u00a0September 2026', '21\u00a0June\u00a0– 2\u00a0July 2027'],
  ] as const)(
    'writes a range of days as the locale does, its parts kept together (%s)',
    async (locale, past, upcoming) => {
      for (const slug of ['workshop-snow-and-glacier-runoff-tashkent-2026', 'summer-school-glaciology-tuyuksu-2027'])
        expect(content.events.map((e) => e.slug)).toContain(slug);
      const list = await page(`${prefix(locale)}/news/events`);
      expect(list).toContain(`<time dateTime="2026-09-22T09:30:00+05:00">${past}</time>`);
      expect(list).toContain(`<time dateTime="2027-06-21T09:00:00+05:00">${upcoming}</time>`);
    },
  );
});

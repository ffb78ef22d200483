/**
 * The one status badge (shared/ui/StatusBadge.tsx, ADR 0135): an upcoming, ongoing or past event and webinar carry the
 * same markup and wording, in both locales, on the lists, the detail pages and home, decided by the loaders' clock.
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { pinDate } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { LOCALES, prefix } from '../../helpers/html.ts';

// 10:30 UTC on 8 October 2026: the rock glaciers webinar (10:00 UTC, 75 min) is on; the content API's `when=` agrees
const WEBINAR_ON = new Date('2026-10-08T10:30:00Z');
// 08:00 UTC on 23 September 2026: the Tashkent workshop (22–24 September) is on
const EVENT_ON = new Date('2026-09-23T08:00:00Z');
pinDate(WEBINAR_ON);
const { mainAt } = await startTestApp({ clock: () => new Date(WEBINAR_ON) });
const { mainAt: mainAtEventOn } = await startTestApp({ clock: () => new Date(EVENT_ON) });

const WORDS = {
  ru: { upcoming: 'Предстоит', ongoing: 'Идёт', past: 'Завершено' },
  en: { upcoming: 'Upcoming', ongoing: 'Ongoing', past: 'Past' },
} as const;
type Status = keyof (typeof WORDS)['ru'];
const badge = (locale: 'ru' | 'en', status: Status) =>
  `<span class="status-badge status-badge--${status}">${WORDS[locale][status]}</span>`;

/** The badges of the card or list item that links to `href`: the markup from its start to the link. */
function badgesOf(html: string, href: string): string[] {
  const link = html.indexOf(`href="${href}"`);
  expect(link, href).toBeGreaterThan(0);
  const start = Math.max(
    html.lastIndexOf('<article class="card"', link),
    html.lastIndexOf('<li class="event-list__item"', link),
  );
  expect(start, href).toBeGreaterThanOrEqual(0);
  return html.slice(start, link).match(/<span class="status-badge[^"]*">[^<]*<\/span>/g) ?? [];
}
/** The badge under a detail page's title. */
const headBadges = (html: string) =>
  html
    .slice(html.indexOf('<header class="page__head">'), html.indexOf('</header>', html.indexOf('class="page__head"')))
    .match(/<span class="status-badge[^"]*">[^<]*<\/span>/g) ?? [];

const WEBINARS = {
  upcoming: 'webinar-field-season-2026-preliminary-results',
  ongoing: 'webinar-rock-glaciers-from-space',
  past: 'glof-webinar-types-of-glacial-lakes',
} as const;
const EVENTS = {
  upcoming: { slug: 'webinar-field-season-2026-results', on: mainAt },
  ongoing: { slug: 'workshop-snow-and-glacier-runoff-tashkent-2026', on: mainAtEventOn },
  past: { slug: 'workshop-snow-and-glacier-runoff-tashkent-2026', on: mainAt },
} as const;
const STATUSES = ['upcoming', 'ongoing', 'past'] as const;

describe('the one status badge', () => {
  it('uses sample content that has each status at the pinned times', () => {
    const webinar = content.webinars.find((w) => w.slug === WEBINARS.ongoing)!;
    expect(Date.parse(webinar.starts_at)).toBeLessThan(WEBINAR_ON.getTime());
    expect(Date.parse(webinar.starts_at) + webinar.duration_min * 60_000).toBeGreaterThan(WEBINAR_ON.getTime());
    const event = content.events.find((e) => e.slug === EVENTS.ongoing.slug)!;
    expect(Date.parse(event.starts_at)).toBeLessThan(EVENT_ON.getTime());
    expect(Date.parse(event.ends_at!)).toBeGreaterThan(EVENT_ON.getTime());
  });

  for (const locale of LOCALES) {
    for (const status of STATUSES) {
      it(`a webinar and an event that are ${status} carry the same badge on their pages and in their lists (${locale})`, async () => {
        const { slug, on } = EVENTS[status];
        const [webinarPage, eventPage] = await Promise.all([
          mainAt(`${prefix(locale)}/study/webinars/${WEBINARS[status]}`),
          on(`${prefix(locale)}/news/events/${slug}`),
        ]);
        expect(headBadges(webinarPage)).toEqual([badge(locale, status)]);
        expect(headBadges(eventPage)).toEqual([badge(locale, status)]);
        const [webinars, events] = await Promise.all([
          mainAt(`${prefix(locale)}/study/webinars`),
          on(`${prefix(locale)}/news/events`),
        ]);
        expect(badgesOf(webinars, `${prefix(locale)}/study/webinars/${WEBINARS[status]}`)).toEqual([
          badge(locale, status),
        ]);
        expect(badgesOf(events, `${prefix(locale)}/news/events/${slug}`)).toEqual([badge(locale, status)]);
      });
    }

    it(`an ongoing webinar opens the upcoming webinars, not the past ones (${locale})`, async () => {
      const html = await mainAt(`${prefix(locale)}/study/webinars`);
      const split = html.indexOf('webinars-block--past');
      expect(split).toBeGreaterThan(0);
      const at = html.indexOf(`/study/webinars/${WEBINARS.ongoing}"`);
      expect(at).toBeGreaterThan(0);
      expect(at).toBeLessThan(split);
      expect(html.indexOf(`/study/webinars/${WEBINARS.ongoing}"`, split)).toBe(-1);
    });

    it(`home badges its events by the same rule (${locale})`, async () => {
      const [later, during] = await Promise.all([mainAt(prefix(locale) || '/'), mainAtEventOn(prefix(locale) || '/')]);
      expect(badgesOf(later, `${prefix(locale)}/news/events/${EVENTS.upcoming.slug}`)).toEqual([
        badge(locale, 'upcoming'),
      ]);
      expect(badgesOf(during, `${prefix(locale)}/news/events/${EVENTS.ongoing.slug}`)).toEqual([
        badge(locale, 'ongoing'),
      ]);
    });

    it(`no page shows the old badges (${locale})`, async () => {
      const pages = await Promise.all([
        mainAt(`${prefix(locale)}/study/webinars`),
        mainAt(`${prefix(locale)}/study/webinars/${WEBINARS.upcoming}`),
        mainAt(`${prefix(locale)}/news/events`),
      ]);
      for (const html of pages) {
        expect(html).not.toContain('webinar-badge');
        expect(html).not.toContain('event-badge');
        expect(html).not.toMatch(/СКОРО|>Скоро<|>Past event</);
      }
    });
  }
});

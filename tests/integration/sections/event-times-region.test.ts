/**
 * Online events' times for the region (shared/i18n/region-time.server.ts): UTC with the hours at the region's capitals
 * on the event page, compact ranges, and one day for an event on every page, even near midnight UTC. On a pinned day,
 * over the content API behind a proxy that moves one online event to 22:00 UTC (03:00 the next day in Almaty).
 */
import { describe, expect, it } from 'vitest';
import { sharedContentApi, startTestApp } from '../../helpers/app.ts';
import { pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { forwardTo, startFakeUpstream, type FakeHandler } from '../../helpers/fake-upstream.ts';
import { atFileEnd } from '../../helpers/file-end.ts';
import { escapeRe, mainOf, prefix } from '../../helpers/html.ts';

const ONLINE = 'webinar-field-season-2026-results';
const STARTS = '2026-12-08T14:00:00+05:00';
/** the same event three hours after midnight by the content's clock: 22:00 UTC the day before */
const LATE = '2026-12-08T03:00:00+05:00';

pinDate();
const forward = forwardTo((await sharedContentApi()).url);
const handler: FakeHandler = async (req, res) => {
  const write = res.end.bind(res);
  res.end = ((chunk?: unknown) =>
    write(Buffer.isBuffer(chunk) ? Buffer.from(chunk.toString().replaceAll(STARTS, LATE)) : chunk)) as typeof res.end;
  await forward(req, res);
};
const upstream = await startFakeUpstream(handler);
atFileEnd(() => upstream.close());
const { app } = await startTestApp({ clock: pinnedClock });
/** the same site over the proxy that moves the event */
const moved = await startTestApp({ clock: pinnedClock, upstreamUrl: upstream.url });
const get = async (url: string, site = app) => (await site.inject({ method: 'GET', url })).body;
/** the text a reader sees, spaces made plain */
const plain = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');
const when = (html: string) => /<dd><span class="event-dates">[\s\S]*?<\/dd>/.exec(html)?.[0] ?? '';

describe('the region’s times for an online event', () => {
  it('the content has the online event this file moves', () => {
    expect(content.events.find((e) => e.slug === ONLINE)).toMatchObject({ starts_at: STARTS, ends_at: null });
  });

  it.each([
    ['ru', '8 декабря 2026 г., 09:00 UTC 14:00 Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек'],
    ['en', '8 December 2026, 09:00 UTC 14:00 Almaty, Tashkent, Dushanbe, Ashgabat · 15:00 Bishkek'],
  ] as const)(
    'shows UTC and the hours at the region’s capitals, with the instant for machines (%s)',
    async (locale, text) => {
      const html = when(await get(`${prefix(locale)}/news/events/${ONLINE}`));
      expect(plain(html)).toBe(text);
      expect(html).toContain(`<time dateTime="${STARTS}">`);
    },
  );

  it.each([
    ['ru', '14–25 июля 2025 г., 09:00–18:00 (местное время, UTC+5)'],
    ['en', '14–25 July 2025, 09:00–18:00 (local time, UTC+5)'],
  ] as const)(
    'writes a multi-day event with a venue compactly, by the venue’s clock, without UTC beside it (%s)',
    async (locale, text) => {
      const html = when(await get(`${prefix(locale)}/news/events/summer-school-glaciology-tuyuksu-2025`));
      expect(plain(html)).toBe(text);
      expect(html).not.toContain('event__region');
    },
  );

  it.each([
    [
      'ru',
      '7 декабря 2026 г.',
      '7 декабря 2026 г., 22:00 UTC 03:00 (8 декабря) Алматы, Ташкент, Душанбе, Ашхабад · 04:00 (8 декабря) Бишкек',
    ],
    [
      'en',
      '7 December 2026',
      '7 December 2026, 22:00 UTC 03:00 (8 December) Almaty, Tashkent, Dushanbe, Ashgabat · 04:00 (8 December) Bishkek',
    ],
  ] as const)(
    'puts an online event near midnight UTC on one day on home, the list and its page (%s)',
    async (locale, day, text) => {
      const [home, list, page] = await Promise.all([
        get(prefix(locale) || '/', moved.app),
        get(`${prefix(locale)}/news/events`, moved.app),
        get(`${prefix(locale)}/news/events/${ONLINE}`, moved.app),
      ]);
      expect(plain(when(page))).toBe(text);
      const onHome = new RegExp(`<time dateTime="${escapeRe(LATE)}" class="event-list__date">([^<]*)</time>`).exec(
        mainOf(home),
      );
      expect(onHome?.[1]?.replace(/\u00a0/g, ' ')).toBe(day);
      const card = mainOf(list).slice(mainOf(list).indexOf(`/news/events/${ONLINE}"`) - 2000);
      expect(plain(card)).toContain(day);
    },
  );

  it.each([
    ['ru', '22 мая 2025 г., 09:00 UTC 14:00 Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек'],
    ['en', '22 May 2025, 09:00 UTC 14:00 Almaty, Tashkent, Dushanbe, Ashgabat · 15:00 Bishkek'],
  ] as const)('shows a webinar’s start in UTC and at the region’s capitals (%s)', async (locale, text) => {
    const webinar = content.webinars.find((w) => w.slug === 'glof-webinar-types-of-glacial-lakes');
    expect(webinar?.starts_at).toBe('2025-05-22T14:00:00+05:00');
    const page = mainOf(await get(`${prefix(locale)}/study/webinars/glof-webinar-types-of-glacial-lakes`));
    const fact = /<dd><time dateTime="2025-05-22T14:00:00\+05:00">[\s\S]*?<\/dd>/.exec(page)?.[0] ?? '';
    expect(plain(fact)).toBe(text);
  });
});

/** shared/sections/news (+ the event detail's extras): structured data, feed and calendar links on the pages. */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { LOCALES, nodesOfType, prefix } from '../../helpers/html.ts';

pinDate();
const { get } = await startTestApp({ clock: pinnedClock });

describe('news pages', () => {
  it.each(LOCALES)('marks a news item up as an article (%s)', async (locale) => {
    const item = content.news[0]!;
    const res = await get(`${prefix(locale)}/news/${item.slug}`);
    expect(res.statusCode).toBe(200);
    const article = nodesOfType(res.body, 'NewsArticle')[0];
    expect(article?.headline).toBe(item.title[locale]);
    expect(article?.datePublished).toBeTruthy();
    expect(res.body).toContain('<meta property="og:type" content="article"/>');
  });

  it.each(LOCALES)('links the news list to its RSS feed in the locale (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/news`);
    expect(res.body).toContain(`href="${prefix(locale)}/news/rss.xml" type="application/rss+xml"`);
  });
});

describe('links in article text', () => {
  it.each(LOCALES)('the field-season article links its registration to the events list (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/news/field-season-2026-completed`);
    expect(res.statusCode).toBe(200);
    // written without a locale in the content; localized at cache fill
    expect(res.body).toContain(
      locale === 'ru'
        ? 'Регистрация — в разделе <a href="/news/events">«События»</a>.'
        : 'Registration is available in the <a href="/en/news/events">Events section</a>.',
    );
  });
});

describe('event pages', () => {
  const event = content.events[0]!;
  it.each(LOCALES)('describes an event as Event structured data (%s)', async (locale) => {
    const res = await get(`${prefix(locale)}/news/events/${event.slug}`);
    expect(res.statusCode).toBe(200);
    expect(nodesOfType(res.body, 'Event')[0]?.name).toBe(event.title[locale]);
  });

  it('links the events list to the calendar of upcoming events', async () => {
    const res = await get('/en/news/events');
    expect(res.body).toContain('href="/en/news/events/calendar.ics"');
  });
});

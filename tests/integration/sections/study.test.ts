/** shared/sections/study: online courses and webinars, at a pinned time. */
import { describe, expect, it } from 'vitest';
import { startSmallPagesApp, startTestApp } from '../../helpers/app.ts';
import { PINNED_NOW, pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { cardTitles, esc, LOCALES, mainOf as main, prefix } from '../../helpers/html.ts';

const courses = [...content['online-courses']].sort((a, b) => a.position - b.position);
const webinars = content.webinars;

// "upcoming" and "past" are decided against a pinned time, inside the sample content's dates
pinDate();
const { get, mainAt } = await startTestApp({ clock: pinnedClock });

/** The same BFF with 2 items a page upstream, so every list has a real page 2. */
const { get: getSmall } = await startSmallPagesApp({ clock: pinnedClock });

/** The titles of the course cards, in order. */
const courseTitles = (html: string) => [...html.matchAll(/<h2 class="card__title">([^<]+)<\/h2>/g)].map((m) => m[1]);

describe('online courses', () => {
  it.each(LOCALES)(
    'lists every course with its facts and an anchor, and offers filters by language and level (%s)',
    async (locale) => {
      const html = await mainAt(`${prefix(locale)}/study/online-courses`);
      expect(html).toContain(`<h1>${locale === 'ru' ? 'Онлайн-курсы' : 'Online courses'}</h1>`);
      expect(courseTitles(html)).toEqual(courses.map((c) => esc(c.title[locale])));
      for (const c of courses) expect(html).toContain(`<article class="card course-card" id="${c.slug}">`);
      expect(html).toContain(locale === 'ru' ? 'Продвинутый' : 'Advanced');
      expect(html).toContain(locale === 'ru' ? 'Около 6 недель, в своём темпе' : 'About 6 weeks, self-paced');
      // filters: a GET form with the languages of the languages call and the three levels
      expect(html).toMatch(/<form class="filters"[^>]*action="[^"]*\/study\/online-courses" method="get">/);
      expect(html).toContain('<option value="kk">');
      expect(html).toContain(`<option value="beginner">${locale === 'ru' ? 'Начальный' : 'Beginner'}</option>`);
    },
  );

  it('opens external courses in a new tab and marks courses without a link as samples', async () => {
    const res = await get('/en/study/online-courses');
    for (const c of courses.filter((x) => x.url)) {
      expect(res.body).toContain(`href="${c.url}" target="_blank" rel="noopener noreferrer"`);
    }
    const samples = courses.filter((x) => !x.url).length;
    expect(samples).toBeGreaterThan(0);
    expect(main(res.body).split('>Sample course: no external link<').length - 1).toBe(samples);
  });

  it('filters by language', async () => {
    const res = await get('/en/study/online-courses?language=en');
    expect(res.statusCode).toBe(200);
    const expected = courses.filter((c) => c.language === 'en').map((c) => esc(c.title.en));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(courses.length);
    expect(courseTitles(res.body)).toEqual(expected);
    expect(res.body).toContain('<option value="en" selected="">');
    expect(res.body).toContain('Clear filters');
  });

  it('filters by level, alone or with the language', async () => {
    const level = await get('/study/online-courses?level=beginner');
    expect(courseTitles(level.body)).toEqual(courses.filter((c) => c.level === 'beginner').map((c) => esc(c.title.ru)));
    const both = await get('/study/online-courses?level=beginner&language=kk');
    expect(courseTitles(both.body)).toEqual(
      courses.filter((c) => c.level === 'beginner' && c.language === 'kk').map((c) => esc(c.title.ru)),
    );
  });

  it('shows the empty state when the filters match nothing', async () => {
    const res = await get('/study/online-courses?language=uz');
    expect(res.statusCode).toBe(200);
    expect(courseTitles(res.body)).toEqual([]);
    expect(res.body).toContain('Нет курсов, подходящих под выбранные фильтры.');
  });

  it('ignores filter values that are not offered (the content API would reject them)', async () => {
    const res = await get('/study/online-courses?language=xx&level=expert');
    expect(res.statusCode).toBe(200);
    expect(courseTitles(res.body)).toHaveLength(courses.length);
  });

  it('paginates (2 per page upstream)', async () => {
    const first = courseTitles((await getSmall('/study/online-courses')).body);
    const second = await getSmall('/study/online-courses?page=2');
    expect(first).toEqual(courses.slice(0, 2).map((c) => esc(c.title.ru)));
    expect(courseTitles(second.body)).toEqual(courses.slice(2, 4).map((c) => esc(c.title.ru)));
  });

  it('keeps the filters in the page links', async () => {
    // filters are kept in the page links
    const filtered = await getSmall('/study/online-courses?level=intermediate');
    expect(filtered.body).toContain('href="/study/online-courses?level=intermediate&amp;page=2"');
  });
});

describe('webinars', () => {
  // upcoming and past are split by the pinned clock (the content API's `when=` and the loader's "upcoming")
  const now = PINNED_NOW.getTime();
  const upcoming = webinars
    .filter((w) => Date.parse(w.starts_at) >= now)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const past = webinars
    .filter((w) => Date.parse(w.starts_at) < now)
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
  const section = (html: string, cls: string) => {
    const start = html.indexOf(`class="webinars-block ${cls}"`);
    // a missing section fails here rather than leaving the assertions below an empty string
    expect(start, `webinars-block ${cls}`).toBeGreaterThanOrEqual(0);
    const end = html.indexOf('</section>', start);
    return html.slice(start, end);
  };

  it.each(LOCALES)(
    'shows upcoming webinars (soonest first) and past ones (latest first) in two sections (%s)',
    async (locale) => {
      const html = await mainAt(`${prefix(locale)}/study/webinars`);
      expect(html).toContain(`<h1>${locale === 'ru' ? 'Вебинары' : 'Webinars'}</h1>`);
      expect(html).toContain(locale === 'ru' ? 'Предстоящие вебинары' : 'Upcoming webinars');
      expect(html).toContain(locale === 'ru' ? 'Прошедшие вебинары' : 'Past webinars');
      expect(cardTitles(section(html, 'webinars-block--upcoming'))).toEqual(upcoming.map((w) => esc(w.title[locale])));
      expect(cardTitles(section(html, 'webinars-block--past'))).toEqual(
        past.slice(0, 12).map((w) => esc(w.title[locale])),
      );
    },
  );

  it('pages through past webinars only (2 per page upstream)', async () => {
    const second = await getSmall('/study/webinars?page=2');
    expect(second.statusCode).toBe(200);
    // page 2 pages the past webinars only: no upcoming section
    expect(second.body).not.toContain('class="webinars-block webinars-block--upcoming"');
    expect(cardTitles(section(second.body, 'webinars-block--past'))).toEqual(
      past.slice(2, 4).map((w) => esc(w.title.ru)),
    );
    const first = await getSmall('/study/webinars');
    expect(cardTitles(section(first.body, 'webinars-block--past'))).toEqual(
      past.slice(0, 2).map((w) => esc(w.title.ru)),
    );
    expect(first.body).toContain('href="/study/webinars?page=2"');
  });

  it.each(LOCALES)("renders a past webinar's page (%s)", async (locale) => {
    const webinar = webinars.find((w) => w.slug === 'glof-webinar-types-of-glacial-lakes')!;
    const html = await mainAt(`${prefix(locale)}/study/webinars/${webinar.slug}`);
    expect(html).toContain(`<h1>${esc(webinar.title[locale])}</h1>`);
    expect(html).toContain(locale === 'ru' ? '1 ч 30 мин' : '1 h 30 min');
    expect(html).toContain(locale === 'ru' ? 'Русский' : 'Russian');
    for (const s of webinar.speakers) expect(html).toContain(`<li>${esc(s[locale])}</li>`);
    expect(html).toContain(locale === 'ru' ? 'Этот вебинар уже прошёл.' : 'This webinar has already taken place.');
    expect(html).toContain('class="rich-text"');
    expect(cardTitles(html.slice(html.indexOf('class="related media-related"')))).toHaveLength(3);
  });

  it('has enough upcoming and past webinars at the pinned time to fill both sections and a second page', () => {
    expect(upcoming.length).toBeGreaterThan(0);
    expect(past.length).toBeGreaterThan(2);
  });

  it('says an upcoming webinar is upcoming', async () => {
    const next = upcoming[0]!;
    const res = await get(`/en/study/webinars/${next.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This webinar is upcoming.');
  });
});

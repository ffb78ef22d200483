import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { podcastAudio, wavDurationSeconds } from '../../server/content-api/files.ts';
import { startTestApp, sharedContentApi } from '../helpers/app.ts';
import { forwardTo, startFakeUpstream } from '../helpers/fake-upstream.ts';

type Locale = 'ru' | 'en';
type Text = Record<Locale, string>;
interface Dated {
  slug: string;
  title: Text;
  published_at: string;
}
interface Gallery extends Dated {
  photos: { caption: Text }[];
}
interface Podcast extends Dated {
  speakers: Text[];
  duration_s: number;
}
interface Course {
  slug: string;
  title: Text;
  language: string;
  level: string;
  url: string | null;
  position: number;
}
interface Webinar {
  slug: string;
  title: Text;
  starts_at: string;
  duration_min: number;
  speakers: Text[];
}

const audioMinutes = (slug: string) => Math.max(1, Math.round(wavDurationSeconds(podcastAudio(slug)) / 60));
const content = <T>(name: string): T[] =>
  JSON.parse(readFileSync(new URL(`../../server/content-api/content/${name}.json`, import.meta.url), 'utf8')) as T[];
const byDateDesc = <T extends Dated>(items: T[]) =>
  [...items].sort((a, b) => b.published_at.localeCompare(a.published_at));

const galleries = byDateDesc(content<Gallery>('photo-galleries'));
const podcasts = byDateDesc(content<Podcast>('podcasts'));
const videos = byDateDesc(content<Dated>('videos'));
const courses = [...content<Course>('online-courses')].sort((a, b) => a.position - b.position);
const webinars = content<Webinar>('webinars');

/** Text as React writes it into HTML. */
const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const prefix = (locale: Locale) => (locale === 'en' ? '/en' : '');
const LOCALES: Locale[] = ['ru', 'en'];

const { app } = await startTestApp();
const get = (url: string) => app.inject({ method: 'GET', url });

/** The same BFF against an upstream that serves 2 items per page, so every list has a real page 2. */
async function startSmallPagesApp() {
  const contentApi = await sharedContentApi();
  const forward = forwardTo(contentApi.url);
  const upstream = await startFakeUpstream((req, res) =>
    forward({ ...req, url: req.url.replace(/([?&]per_page=)12\b/, '$12') }, res),
  );
  afterAll(() => upstream.close());
  const small = await startTestApp({ upstreamUrl: upstream.url });
  return { small: small.app };
}
const { small } = await startSmallPagesApp();
const getSmall = (url: string) => small.inject({ method: 'GET', url });

/** The page's <main> (the document also carries the whole dictionary in its hydration data). */
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
/** Card titles of a list page, in order. */
const cardTitles = (html: string) => [...html.matchAll(/<a class="card__link"[^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);
/** The titles of the course cards, in order. */
const courseTitles = (html: string) => [...html.matchAll(/<h2 class="card__title">([^<]+)<\/h2>/g)].map((m) => m[1]);

describe('multimedia lists', () => {
  const lists = [
    { path: '/multimedia/photo-gallery', h1: { ru: 'Фотогалерея', en: 'Photo gallery' }, items: galleries },
    { path: '/multimedia/podcasts', h1: { ru: 'Подкасты', en: 'Podcasts' }, items: podcasts },
    { path: '/multimedia/video', h1: { ru: 'Видео', en: 'Video' }, items: videos },
  ];
  for (const list of lists) {
    for (const locale of LOCALES) {
      it(`${prefix(locale)}${list.path} lists every item, newest first, as cards`, async () => {
        const res = await get(prefix(locale) + list.path);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<html lang="${locale}">`);
        expect(res.body).toContain(`<h1>${list.h1[locale]}</h1>`);
        expect(res.body).toContain(`<title>${list.h1[locale]} — `);
        expect(cardTitles(res.body)).toEqual(list.items.map((i) => esc(i.title[locale])));
        for (const item of list.items) expect(res.body).toContain(`href="${prefix(locale)}${list.path}/${item.slug}"`);
      });
    }
  }

  it('shows the photo count on gallery cards and durations on podcast and video cards', async () => {
    const photos = await get('/en/multimedia/photo-gallery');
    expect(photos.body).toContain(`${galleries[0]!.photos.length} photos`);
    const ru = await get('/multimedia/photo-gallery');
    expect(ru.body).toContain(`${galleries[0]!.photos.length} фото`);
    const pods = await get('/multimedia/podcasts');
    // durations are those of the audio actually served (server/content-api/files.ts), in whole minutes
    for (const p of podcasts) {
      const m = audioMinutes(p.slug);
      expect(pods.body).toContain(`<time class="duration" dateTime="PT${m}M">${m} мин</time>`);
    }
    const vids = await get('/en/multimedia/video');
    expect(vids.body).toContain('<time class="duration" dateTime="PT57M">57 min</time>');
  });

  it('answers a page past the last with an empty page that links back to page 1', async () => {
    const res = await get('/multimedia/video?page=2');
    expect(res.statusCode).toBe(200);
    expect(cardTitles(res.body)).toEqual([]);
    expect(res.body).toContain('На этой странице ничего нет.');
    expect(res.body).toMatch(/<a href="\/multimedia\/video"[^>]*>Перейти на первую страницу<\/a>/);
  });
});

describe('multimedia lists, paginated (2 per page upstream)', () => {
  const lists = [
    { path: '/multimedia/photo-gallery', items: galleries },
    { path: '/multimedia/podcasts', items: podcasts },
    { path: '/multimedia/video', items: videos },
  ];
  for (const list of lists) {
    it(`${list.path}?page=2 shows the next items and numbered page links`, async () => {
      const first = await getSmall(list.path);
      const second = await getSmall(`${list.path}?page=2`);
      expect(second.statusCode).toBe(200);
      const page1 = cardTitles(first.body);
      const page2 = cardTitles(second.body);
      expect(page1).toEqual(list.items.slice(0, 2).map((i) => esc(i.title.ru)));
      expect(page2).toEqual(list.items.slice(2, 4).map((i) => esc(i.title.ru)));
      expect(page2.some((t) => page1.includes(t))).toBe(false);
      expect(second.body).toContain('aria-current="page" aria-label="Страница 2"');
      expect(second.body).toContain(`rel="prev" href="${list.path}"`);
      expect(second.body).toContain(`<title>${second.body.match(/<h1>([^<]+)<\/h1>/)![1]} — Страница 2 — `);
    });
  }
});

describe('photo gallery', () => {
  const gallery = galleries[0]!;
  for (const locale of LOCALES) {
    it(`${prefix(locale)} renders the photos as links to the full images, with captions, breadcrumbs and related galleries`, async () => {
      const res = await get(`${prefix(locale)}/multimedia/photo-gallery/${gallery.slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${esc(gallery.title[locale])}</h1>`);
      expect(html).toContain(`<title>${esc(gallery.title[locale])} — `);
      const thumbnails = [...html.matchAll(/<a class="photo-grid__link" href="([^"]+)"/g)].map((m) => m[1]);
      expect(thumbnails).toHaveLength(gallery.photos.length);
      for (const href of thumbnails) expect(href).toMatch(/^\/media\/[\w.-]+\.jpg$/);
      // each thumbnail shows the very image it links to
      const firstImg =
        /<a class="photo-grid__link" href="([^"]+)"[^>]*><img class="photo-grid__image" src="([^"]+)"/.exec(html);
      expect(firstImg?.[1]).toBe(firstImg?.[2]);
      for (const photo of gallery.photos)
        expect(html).toContain(`<figcaption class="photo-grid__caption">${esc(photo.caption[locale])}</figcaption>`);
      // breadcrumbs: home › list › this gallery
      expect(html).toContain(`href="${prefix(locale) || '/'}"`);
      expect(html).toContain(`<li><a href="${prefix(locale)}/multimedia/photo-gallery"`);
      // related: three other galleries
      const related = html.slice(html.indexOf('class="related media-related"'));
      expect(cardTitles(related)).toHaveLength(3);
      expect(cardTitles(related)).not.toContain(esc(gallery.title[locale]));
    });
  }

  it('does not render the lightbox dialog in the document (it opens only with JavaScript)', async () => {
    const res = await get(`/multimedia/photo-gallery/${gallery.slug}`);
    expect(res.body).not.toContain('role="dialog"');
    expect(res.body).not.toContain('class="lightbox');
    expect(res.body).toContain(`открыть фото 1 из ${gallery.photos.length}`);
  });

  it('serves the linked full images', async () => {
    const res = await get(`/multimedia/photo-gallery/${gallery.slug}`);
    const href = /<a class="photo-grid__link" href="([^"]+)"/.exec(res.body)![1]!;
    const image = await get(href);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('podcast episode', () => {
  const podcast = podcasts.find((p) => p.slug === 'ice-talk-01-what-is-a-glacier')!;
  for (const locale of LOCALES) {
    it(`${prefix(locale)} has the audio player, duration, speakers and notes`, async () => {
      const res = await get(`${prefix(locale)}/multimedia/podcasts/${podcast.slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${esc(podcast.title[locale])}</h1>`);
      expect(html).toMatch(
        new RegExp(`<audio class="audio-player" controls="" preload="none" src="/media/audio/${podcast.slug}\\.wav"`),
      );
      const m = audioMinutes(podcast.slug);
      expect(html).toContain(locale === 'ru' ? `${m} мин` : `${m} min`);
      for (const s of podcast.speakers) expect(html).toContain(`<li>${esc(s[locale])}</li>`);
      expect(html).toContain('class="rich-text"');
      expect(cardTitles(html.slice(html.indexOf('class="related media-related"')))).toHaveLength(3);
      expect(html).toContain(`<li><a href="${prefix(locale)}/multimedia/podcasts"`);
    });
  }
});

describe('video page', () => {
  const video = videos[0]!;
  for (const locale of LOCALES) {
    it(`${prefix(locale)} shows the poster and says the recording is not available (no footage in the sample content)`, async () => {
      const res = await get(`${prefix(locale)}/multimedia/video/${video.slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${esc(video.title[locale])}</h1>`);
      expect(html).toContain('class="video-frame video-frame--unavailable"');
      expect(html).toContain(
        locale === 'ru' ? 'Запись этого видео здесь недоступна' : 'The recording of this video is not available here',
      );
      expect(html).not.toContain('<video');
      expect(html).not.toContain('<iframe');
      expect(html).toContain('class="rich-text"');
      expect(cardTitles(html.slice(html.indexOf('class="related media-related"')))).toHaveLength(3);
    });
  }
});

describe('unknown or invalid slugs', () => {
  const paths = [
    '/multimedia/photo-gallery/no-such-gallery',
    '/multimedia/podcasts/no-such-episode',
    '/multimedia/video/no-such-video',
    '/study/webinars/no-such-webinar',
    '/en/multimedia/video/no-such-video',
    // the content API answers ids too, but the site has slug URLs only
    '/multimedia/video/1',
    '/study/webinars/1',
    '/multimedia/podcasts/bad_slug!',
  ];
  for (const path of paths) {
    it(`${path} → 404 "Page Not Found"`, async () => {
      const res = await get(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain(`Page Not Found: ${path}`);
    });
  }
});

describe('online courses', () => {
  for (const locale of LOCALES) {
    it(`${prefix(locale)} lists every course with provider, language, level, duration and an anchor`, async () => {
      const res = await get(`${prefix(locale)}/study/online-courses`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${locale === 'ru' ? 'Онлайн-курсы' : 'Online courses'}</h1>`);
      expect(courseTitles(html)).toEqual(courses.map((c) => esc(c.title[locale])));
      for (const c of courses) expect(html).toContain(`<article class="card course-card" id="${c.slug}">`);
      expect(html).toContain(locale === 'ru' ? 'Продвинутый' : 'Advanced');
      expect(html).toContain(locale === 'ru' ? 'Около 6 недель, в своём темпе' : 'About 6 weeks, self-paced');
      // filters: a GET form with the languages of the languages call and the three levels
      expect(html).toMatch(/<form class="filters"[^>]*action="[^"]*\/study\/online-courses" method="get">/);
      expect(html).toContain('<option value="kk">');
      expect(html).toContain(`<option value="beginner">${locale === 'ru' ? 'Начальный' : 'Beginner'}</option>`);
    });
  }

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

  it('filters by level, and by both', async () => {
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
    // filters are kept in the page links
    const filtered = await getSmall('/study/online-courses?level=intermediate');
    expect(filtered.body).toContain('href="/study/online-courses?level=intermediate&amp;page=2"');
  });
});

describe('webinars', () => {
  const now = Date.now();
  const upcoming = webinars
    .filter((w) => Date.parse(w.starts_at) >= now)
    .sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at));
  const past = webinars
    .filter((w) => Date.parse(w.starts_at) < now)
    .sort((a, b) => Date.parse(b.starts_at) - Date.parse(a.starts_at));
  const section = (html: string, cls: string) => {
    const start = html.indexOf(`class="webinars-block ${cls}"`);
    if (start < 0) return '';
    const end = html.indexOf('</section>', start);
    return html.slice(start, end);
  };

  for (const locale of LOCALES) {
    it(`${prefix(locale)} shows upcoming webinars (soonest first) and past ones (latest first) in two sections`, async () => {
      const res = await get(`${prefix(locale)}/study/webinars`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${locale === 'ru' ? 'Вебинары' : 'Webinars'}</h1>`);
      expect(html).toContain(locale === 'ru' ? 'Предстоящие вебинары' : 'Upcoming webinars');
      expect(html).toContain(locale === 'ru' ? 'Прошедшие вебинары' : 'Past webinars');
      expect(cardTitles(section(html, 'webinars-block--upcoming'))).toEqual(upcoming.map((w) => esc(w.title[locale])));
      expect(cardTitles(section(html, 'webinars-block--past'))).toEqual(
        past.slice(0, 12).map((w) => esc(w.title[locale])),
      );
    });
  }

  it('pages through past webinars only (2 per page upstream)', async () => {
    const second = await getSmall('/study/webinars?page=2');
    expect(second.statusCode).toBe(200);
    expect(section(second.body, 'webinars-block--upcoming')).toBe('');
    expect(cardTitles(section(second.body, 'webinars-block--past'))).toEqual(
      past.slice(2, 4).map((w) => esc(w.title.ru)),
    );
    const first = await getSmall('/study/webinars');
    expect(cardTitles(section(first.body, 'webinars-block--past'))).toEqual(
      past.slice(0, 2).map((w) => esc(w.title.ru)),
    );
    expect(first.body).toContain('href="/study/webinars?page=2"');
  });

  for (const locale of LOCALES) {
    it(`${prefix(locale)} webinar page: date and time, duration, language, speakers, body, related`, async () => {
      const webinar = webinars.find((w) => w.slug === 'glof-webinar-types-of-glacial-lakes')!;
      const res = await get(`${prefix(locale)}/study/webinars/${webinar.slug}`);
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toContain(`<h1>${esc(webinar.title[locale])}</h1>`);
      // 2025-05-22T14:00:00+05:00 is 09:00 UTC
      expect(html).toContain(`<time dateTime="${webinar.starts_at}">`);
      expect(html).toMatch(/09:00 UTC/);
      expect(html).toContain(locale === 'ru' ? '1 ч 30 мин' : '1 h 30 min');
      expect(html).toContain(locale === 'ru' ? 'Русский' : 'Russian');
      for (const s of webinar.speakers) expect(html).toContain(`<li>${esc(s[locale])}</li>`);
      expect(html).toContain(locale === 'ru' ? 'Этот вебинар уже прошёл.' : 'This webinar has already taken place.');
      expect(html).toContain('class="rich-text"');
      expect(cardTitles(html.slice(html.indexOf('class="related media-related"')))).toHaveLength(3);
    });
  }

  it('says so on an upcoming webinar', async () => {
    const next = upcoming[0];
    if (!next) return;
    const res = await get(`/en/study/webinars/${next.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('This webinar is upcoming.');
  });
});

describe('hreflang and canonical', () => {
  it('point at the same page in both locales, page kept', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/en/multimedia/video?page=2',
      headers: { host: 'localhost:3000' },
    });
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/en/multimedia/video?page=2"/>');
    expect(res.body).toContain(
      '<link rel="alternate" hrefLang="ru" href="http://localhost:3000/multimedia/video?page=2"/>',
    );
  });
});

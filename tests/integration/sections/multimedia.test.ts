/** shared/sections/multimedia: photo galleries, podcasts and videos. */
import { describe, expect, it } from 'vitest';
import { startSmallPagesApp, startTestApp } from '../../helpers/app.ts';
import { pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { byDateDesc, cardTitles, esc, LOCALES, prefix } from '../../helpers/html.ts';
import { podcastAudio, wavDurationSeconds } from '../../../content-api/audio.ts';

const newestFirst = byDateDesc((item: { published_at: string }) => item.published_at);
const galleries = [...content['photo-galleries']].sort(newestFirst);
const podcasts = [...content.podcasts].sort(newestFirst);
const videos = [...content.videos].sort(newestFirst);

const { get, mainAt } = await startTestApp({ clock: pinnedClock });

/** The same BFF with 2 items a page upstream, so every list has a real page 2. */
const { get: getSmall } = await startSmallPagesApp({ clock: pinnedClock });

const audioMinutes = (slug: string) => Math.max(1, Math.round(wavDurationSeconds(podcastAudio(slug)) / 60));

const LISTS = [
  { path: '/multimedia/photo-gallery', h1: { ru: 'Фотогалерея', en: 'Photo gallery' }, items: galleries },
  { path: '/multimedia/podcasts', h1: { ru: 'Подкасты', en: 'Podcasts' }, items: podcasts },
  { path: '/multimedia/video', h1: { ru: 'Видео', en: 'Video' }, items: videos },
];

describe('multimedia lists', () => {
  it.each(LISTS.flatMap((list) => LOCALES.map((locale) => ({ ...list, locale }))))(
    '$path lists every item, newest first, as cards ($locale)',
    async ({ path, h1, items, locale }) => {
      const res = await get(prefix(locale) + path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<html lang="${locale}">`);
      expect(res.body).toContain(`<h1>${h1[locale]}</h1>`);
      expect(res.body).toContain(`<title>${h1[locale]} — `);
      expect(cardTitles(res.body)).toEqual(items.map((i) => esc(i.title[locale])));
      for (const item of items) expect(res.body).toContain(`href="${prefix(locale)}${path}/${item.slug}"`);
    },
  );

  it('shows the photo count on gallery cards', async () => {
    const photos = await get('/en/multimedia/photo-gallery');
    expect(photos.body).toContain(`${galleries[0]!.photos.length} photos`);
    const ru = await get('/multimedia/photo-gallery');
    expect(ru.body).toContain(`${galleries[0]!.photos.length} фото`);
  });

  it('shows the duration on podcast cards; a video not published yet says so, with no length', async () => {
    const pods = await get('/multimedia/podcasts');
    // durations are those of the audio actually served (content-api/files.ts), in whole minutes
    for (const p of podcasts) {
      const m = audioMinutes(p.slug);
      expect(pods.body).toContain(`<time class="duration" dateTime="PT${m}M">${m} мин</time>`);
    }
    // every sample video is being prepared (content-api/routes/multimedia.ts): no film, so no length to announce
    expect(videos.length).toBeGreaterThan(0);
    for (const locale of LOCALES) {
      const vids = await mainAt(`${prefix(locale)}/multimedia/video`);
      const badges = vids.match(/<span class="media-badge media-badge--soon">[^<]*<\/span>/g) ?? [];
      expect(badges).toEqual(
        videos.map(
          () =>
            `<span class="media-badge media-badge--soon">${locale === 'ru' ? 'Готовится к публикации' : 'Being prepared for publication'}</span>`,
        ),
      );
      expect(vids).not.toContain('class="duration"');
      // the play mark over the poster is drawn for cards with the video badge only
      expect(vids).not.toContain('media-badge--video');
      expect(vids).not.toMatch(/Планируем|Planned/);
    }
  });

  it('answers a page past the last with one notice, as every list does, that links back to page 1', async () => {
    const main = await mainAt('/multimedia/video?page=2');
    expect(cardTitles(main)).toEqual([]);
    expect(main.match(/class="empty/g)).toHaveLength(1);
    expect(main).toMatch(
      /<p class="empty pagination-past-end">Страницы 2 нет: всего страниц — 1\. <a href="\/multimedia\/video"/,
    );
  });
});

describe('multimedia lists, paginated (2 per page upstream)', () => {
  it.each(LISTS)(
    '$path?page=2 shows the next items and says it is page 2 in its page links and title',
    async ({ path, items }) => {
      const first = await getSmall(path);
      const second = await getSmall(`${path}?page=2`);
      expect(second.statusCode).toBe(200);
      const page1 = cardTitles(first.body);
      const page2 = cardTitles(second.body);
      expect(page1).toEqual(items.slice(0, 2).map((i) => esc(i.title.ru)));
      expect(page2).toEqual(items.slice(2, 4).map((i) => esc(i.title.ru)));
      expect(page2.some((t) => page1.includes(t))).toBe(false);
      expect(second.body).toContain('aria-current="page" aria-label="Страница 2"');
      expect(second.body).toContain(`rel="prev" href="${path}"`);
      expect(second.body).toContain(`<title>${second.body.match(/<h1>([^<]+)<\/h1>/)![1]} — Страница 2 — `);
    },
  );
});

describe('photo gallery', () => {
  const gallery = galleries[0]!;
  it.each(LOCALES)(
    'renders the photos as links to the full images, with captions, breadcrumbs and three other galleries (%s)',
    async (locale) => {
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
    },
  );

  it('does not render the lightbox dialog in the document (it opens only with JavaScript), and serves the linked full images', async () => {
    const res = await get(`/multimedia/photo-gallery/${gallery.slug}`);
    expect(res.body).not.toContain('role="dialog"');
    expect(res.body).not.toContain('class="lightbox');
    expect(res.body).toContain(`открыть фото 1 из ${gallery.photos.length}`);
    const href = /<a class="photo-grid__link" href="([^"]+)"/.exec(res.body)![1]!;
    const image = await get(href);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
  });
});

describe('podcast episode', () => {
  const podcast = podcasts.find((p) => p.slug === 'ice-talk-01-what-is-a-glacier')!;
  it.each(LOCALES)('renders the episode page with an audio player (%s)', async (locale) => {
    const html = await mainAt(`${prefix(locale)}/multimedia/podcasts/${podcast.slug}`);
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
});

describe('video page', () => {
  const video = videos[0]!;
  it.each(LOCALES)("shows the poster and the editors' note in place of unpublished footage (%s)", async (locale) => {
    const html = await mainAt(`${prefix(locale)}/multimedia/video/${video.slug}`);
    expect(html).toContain(`<h1>${esc(video.title[locale])}</h1>`);
    expect(html).toContain('class="video-frame video-frame--unavailable"');
    // the state note the content API gives (state: in_preparation), not a generic "unavailable"
    expect(html).toContain(
      locale === 'ru'
        ? 'Фильм готовится к публикации на портале: пока доступны постер и описание.'
        : 'The film is being prepared for publication on the portal: for now, the poster and the description are available.',
    );
    expect(html).toMatch(/<img class="video-frame__media"[^>]*fetchPriority="high"/);
    expect(html).not.toContain('<video');
    expect(html).not.toContain('<iframe');
    // no play mark, on the page or among related videos
    expect(html).not.toContain('media-badge--video');
    // a film not published yet has no length: the line under the title says it is being prepared
    const head = html.slice(0, html.indexOf('class="video-frame'));
    expect(head).toContain(locale === 'ru' ? 'Готовится к публикации' : 'Being prepared for publication');
    expect(head).not.toContain('class="duration"');
    expect(html).toContain('class="rich-text"');
    expect(cardTitles(html.slice(html.indexOf('class="related media-related"')))).toHaveLength(3);
  });
});

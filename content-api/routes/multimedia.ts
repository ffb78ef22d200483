import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Locale } from '../../shared/constants.ts';
import { byDateDesc, findBySlugOrId, localeOf, notFound, PageQuery, paginate, parseQuery } from '../http.ts';
import { podcastAudio, wavDurationSeconds } from '../audio.ts';
import { image, mediaUrl, type Content } from '../store.ts';

const VIDEO_IN_PREPARATION = {
  ru: 'Фильм готовится к публикации на портале: пока доступны постер и описание.',
  en: 'The film is being prepared for publication on the portal: for now, the poster and the description are available.',
} as const;

/** Videos, photo galleries and podcasts: paginated lists by date, details by slug or id. */
export const multimediaRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const videos = [...content.videos].sort(byDateDesc((v) => v.published_at));
    const galleries = [...content['photo-galleries']].sort(byDateDesc((g) => g.published_at));
    const podcasts = [...content.podcasts].sort(byDateDesc((p) => p.published_at));

    const video = (v: (typeof videos)[number], locale: Locale) => ({
      id: v.id,
      slug: v.slug,
      title: v.title[locale],
      excerpt: v.excerpt[locale],
      published_at: v.published_at,
      duration_s: v.duration_s,
      poster: image(v.poster, locale),
      // the sample content carries no footage: say so instead of implying a broken player
      state: 'in_preparation' as const,
      state_note: VIDEO_IN_PREPARATION[locale],
    });
    const gallery = (g: (typeof galleries)[number], locale: Locale) => ({
      id: g.id,
      slug: g.slug,
      title: g.title[locale],
      excerpt: g.excerpt[locale],
      published_at: g.published_at,
      cover: g.photos[0] ? image(g.photos[0].image, locale) : null,
      photos_count: g.photos.length,
    });
    const podcast = (p: (typeof podcasts)[number], locale: Locale) => ({
      id: p.id,
      slug: p.slug,
      title: p.title[locale],
      excerpt: p.excerpt[locale],
      published_at: p.published_at,
      // the length of the audio actually served, read from the file
      duration_s: wavDurationSeconds(podcastAudio(p.slug)),
      image: image(p.image, locale, 800, 800),
      audio_url: mediaUrl(`audio/${p.slug}.wav`),
    });

    listAndDetail(app, '/api/v1/videos', 'Video', videos, video, (v, locale) => ({
      ...video(v, locale),
      body: v.body[locale],
      // sample content carries no footage: the page shows the poster and the description
      video_url: null,
      embed_url: null,
    }));
    listAndDetail(app, '/api/v1/photo-galleries', 'Photo gallery', galleries, gallery, (g, locale) => ({
      ...gallery(g, locale),
      photos: g.photos.map((p) => ({ image: image(p.image, locale), caption: p.caption[locale] })),
    }));
    listAndDetail(app, '/api/v1/podcasts', 'Podcast', podcasts, podcast, (p, locale) => ({
      ...podcast(p, locale),
      body: p.body[locale],
      speakers: p.speakers.map((s) => s[locale]),
    }));
  };

/** `GET {path}?page&per_page` (a page of summaries) and `GET {path}/{slug or id}` (one item in full). */
function listAndDetail<T extends { id: number; slug: string }>(
  app: FastifyInstance,
  path: string,
  what: string,
  items: T[],
  summary: (item: T, locale: Locale) => unknown,
  detail: (item: T, locale: Locale) => unknown,
) {
  app.get(path, async (request, reply) => {
    const query = parseQuery(PageQuery, request, reply);
    if (!query) return reply;
    const locale = localeOf(request);
    return paginate(
      items.map((item) => summary(item, locale)),
      query.page,
      query.per_page,
      request,
    );
  });
  app.get<{ Params: { key: string } }>(`${path}/:key`, async (request, reply) => {
    const item = findBySlugOrId(items, request.params.key);
    if (!item) return notFound(reply, what);
    return { data: detail(item, localeOf(request)) };
  });
}

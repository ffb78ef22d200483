import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  PhotoGallerySchema,
  PhotoGallerySummarySchema,
  PodcastSchema,
  PodcastSummarySchema,
  VideoSchema,
  VideoSummarySchema,
} from '../../shared/schemas/multimedia.ts';
import { byDateDesc, PageQuery, serveOne, servePage } from '../http.ts';
import { podcastAudio, wavDurationSeconds } from '../audio.ts';
import { madeAs, type Made } from '../localize.ts';
import { image, mediaUrl, type Content } from '../store.ts';

const VIDEO_IN_PREPARATION = {
  ru: 'Фильм готовится к публикации на портале: пока доступны постер и описание.',
  en: 'The film is being prepared for publication on the portal: for now, the poster and the description are available.',
} as const;

/** Videos, photo galleries and podcasts: paginated lists by date, details by slug or id. */
export const multimediaRoutes =
  (content: Content): FastifyPluginAsync =>
  async (app) => {
    const video = (_v: unknown, locale: 'ru' | 'en') => ({
      // the sample content carries no footage: say so instead of implying a broken player; the page shows the
      // poster and the description
      state: 'in_preparation' as const,
      state_note: VIDEO_IN_PREPARATION[locale],
      video_url: null,
      embed_url: null,
    });
    listAndDetail(
      app,
      '/api/v1/videos',
      'Video',
      content.videos,
      madeAs(VideoSummarySchema, video),
      madeAs(VideoSchema, video),
    );

    const gallery = (g: Content['photo-galleries'][number], locale: 'ru' | 'en') => ({
      cover: g.photos[0] ? image(g.photos[0].image, locale) : null,
      photos_count: g.photos.length,
    });
    const galleries = content['photo-galleries'];
    listAndDetail(
      app,
      '/api/v1/photo-galleries',
      'Photo gallery',
      galleries,
      madeAs(PhotoGallerySummarySchema, gallery),
      madeAs(PhotoGallerySchema, gallery),
    );

    const podcast = (p: Content['podcasts'][number]) => ({
      // the length of the audio actually served, read from the file
      duration_s: wavDurationSeconds(podcastAudio(p.slug)),
      audio_url: mediaUrl(`audio/${p.slug}.wav`),
    });
    listAndDetail(
      app,
      '/api/v1/podcasts',
      'Podcast',
      content.podcasts,
      madeAs(PodcastSummarySchema, podcast),
      madeAs(PodcastSchema, podcast),
    );
  };

/** `GET {path}?page&per_page` (a page of summaries, newest first) and `GET {path}/{slug or id}` (one item in full). */
function listAndDetail<R extends { id: number; slug: string; published_at: string }>(
  app: FastifyInstance,
  path: string,
  what: string,
  records: readonly R[],
  summary: Made<R>,
  detail: Made<R>,
) {
  servePage(app, path, {
    query: PageQuery,
    records: [...records].sort(byDateDesc((r) => r.published_at)),
    made: summary,
  });
  serveOne(app, path, what, records, detail);
}

import type { LoaderFunctionArgs } from 'react-router';
import type { Locale } from '../../constants.ts';
import { withPublished } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { isSlug, pageParam } from '../../router/params.ts';

/** Items per page of the photo gallery, podcast and video lists. */
export const MULTIMEDIA_PER_PAGE = 12;
/** Other items of the same kind under a detail page. */
export const MULTIMEDIA_RELATED = 3;

/** The first page of a list (the same query as the list page, so the BFF cache answers it) minus the current item. */
const firstPage = { page: 1, per_page: MULTIMEDIA_PER_PAGE };
function others<T extends { slug: string; published_at: string }>(
  items: T[] | undefined,
  slug: string,
  locale: Locale,
) {
  return (items ?? [])
    .filter((item) => item.slug !== slug)
    .slice(0, MULTIMEDIA_RELATED)
    .map((item) => withPublished(item, locale));
}

/**
 * The slug of a detail route, or 404. The content API also answers numeric ids (`/photo-galleries/3`); the site only
 * has slug URLs, so an item found under another key than its own slug is not a page either.
 */
function slugOf(request: Request, slug: string | undefined): string {
  if (!isSlug(slug)) throwValidationFailed(request);
  return slug;
}

// photo galleries

export async function photoGalleriesLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const list = await api.get('photoGalleries', { query: { page, per_page: MULTIMEDIA_PER_PAGE } });
  return { items: list.data.map((item) => withPublished(item, api.locale)), meta: list.meta };
}
export type PhotoGalleriesData = Awaited<ReturnType<typeof photoGalleriesLoader>>;

export async function photoGalleryLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugOf(request, params.slug);
  const api = context.get(apiContext);
  const [found, list] = await Promise.all([
    api.find('photoGallery', { params: { slug } }),
    // related items are a bonus: the page stands without them
    api.get('photoGalleries', { query: firstPage }).catch(() => null),
  ]);
  if (!found || found.data.slug !== slug) throwValidationFailed(request);
  return { item: withPublished(found.data, api.locale), related: others(list?.data, slug, api.locale) };
}
export type PhotoGalleryData = Awaited<ReturnType<typeof photoGalleryLoader>>;

// podcasts

export async function podcastsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const list = await api.get('podcasts', { query: { page, per_page: MULTIMEDIA_PER_PAGE } });
  return { items: list.data.map((item) => withPublished(item, api.locale)), meta: list.meta };
}
export type PodcastsData = Awaited<ReturnType<typeof podcastsLoader>>;

export async function podcastLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugOf(request, params.slug);
  const api = context.get(apiContext);
  const [found, list] = await Promise.all([
    api.find('podcast', { params: { slug } }),
    api.get('podcasts', { query: firstPage }).catch(() => null),
  ]);
  if (!found || found.data.slug !== slug) throwValidationFailed(request);
  return { item: withPublished(found.data, api.locale), related: others(list?.data, slug, api.locale) };
}
export type PodcastData = Awaited<ReturnType<typeof podcastLoader>>;

// videos

export async function videosLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const list = await api.get('videos', { query: { page, per_page: MULTIMEDIA_PER_PAGE } });
  return { items: list.data.map((item) => withPublished(item, api.locale)), meta: list.meta };
}
export type VideosData = Awaited<ReturnType<typeof videosLoader>>;

export async function videoLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugOf(request, params.slug);
  const api = context.get(apiContext);
  const [found, list] = await Promise.all([
    api.find('video', { params: { slug } }),
    api.get('videos', { query: firstPage }).catch(() => null),
  ]);
  if (!found || found.data.slug !== slug) throwValidationFailed(request);
  return { item: withPublished(found.data, api.locale), related: others(list?.data, slug, api.locale) };
}
export type VideoData = Awaited<ReturnType<typeof videoLoader>>;

/** The section's overview: its strings are all it shows. */
export async function multimediaLoader() {
  return null;
}

export const loaders = {
  multimedia: multimediaLoader,
  'multimedia-photo-galleries': photoGalleriesLoader,
  'multimedia-photo-gallery': photoGalleryLoader,
  'multimedia-podcasts': podcastsLoader,
  'multimedia-podcast': podcastLoader,
  'multimedia-videos': videosLoader,
  'multimedia-video': videoLoader,
};

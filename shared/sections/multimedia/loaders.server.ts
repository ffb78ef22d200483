import type { LoaderFunctionArgs } from 'react-router';
import type { ApiPort } from '../../api/api-port.ts';
import { withPublished } from '../../i18n/format.server.ts';
import { apiContext } from '../../router/context.ts';
import { foundBySlug, pageParam, slugParam } from '../../router/params.ts';
import type { PaginationMeta } from '../../schemas/common.ts';

/** Items per page of the photo gallery, podcast and video lists. */
export const MULTIMEDIA_PER_PAGE = 12;
/** Other items of the same kind under a detail page. */
export const MULTIMEDIA_RELATED = 3;

/** What a list's items and a detail page's item have: the slug of their page and their date. */
type Dated = { slug: string; published_at: string };

/**
 * The two loaders of a kind of item: its list, a page of `list`'s answer; and an item's page, `find`'s answer for its
 * slug with up to MULTIMEDIA_RELATED others of the list's first page (the same query as the list page, so the BFF
 * cache answers it) under it.
 */
function mediaLoaders<S extends Dated, T extends Dated>(
  list: (api: ApiPort, query: { page: number; per_page: number }) => Promise<{ data: S[]; meta: PaginationMeta }>,
  find: (api: ApiPort, slug: string) => Promise<{ data: T } | null>,
) {
  return {
    list: async ({ context, request }: LoaderFunctionArgs) => {
      const api = context.get(apiContext);
      const page = pageParam(new URL(request.url));
      const { data, meta } = await list(api, { page, per_page: MULTIMEDIA_PER_PAGE });
      return { items: data.map((item) => withPublished(item, api.locale)), meta };
    },
    item: async ({ context, request, params }: LoaderFunctionArgs) => {
      const slug = slugParam(request, params.slug);
      const api = context.get(apiContext);
      const [found, first] = await Promise.all([
        find(api, slug),
        // related items are a bonus: the page stands without them
        list(api, { page: 1, per_page: MULTIMEDIA_PER_PAGE }).catch(() => null),
      ]);
      const item = foundBySlug(request, found, slug);
      const related = (first?.data ?? []).filter((item) => item.slug !== slug).slice(0, MULTIMEDIA_RELATED);
      return {
        item: withPublished(item, api.locale),
        related: related.map((item) => withPublished(item, api.locale)),
      };
    },
  };
}

const photoGalleries = mediaLoaders(
  (api, query) => api.get('photoGalleries', { query }),
  (api, slug) => api.find('photoGallery', { params: { slug } }),
);
export const photoGalleriesLoader = photoGalleries.list;
export const photoGalleryLoader = photoGalleries.item;

const podcasts = mediaLoaders(
  (api, query) => api.get('podcasts', { query }),
  (api, slug) => api.find('podcast', { params: { slug } }),
);
export const podcastsLoader = podcasts.list;
export const podcastLoader = podcasts.item;

const videos = mediaLoaders(
  (api, query) => api.get('videos', { query }),
  (api, slug) => api.find('video', { params: { slug } }),
);
export const videosLoader = videos.list;
export const videoLoader = videos.item;
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

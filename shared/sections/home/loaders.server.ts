import type { LoaderFunctionArgs } from 'react-router';
import { hasGlacierData } from '../../glacier-data.ts';
import { glacierCounts } from '../resources/region-figures.ts';
import { countsText } from '../resources/wgms-text.server.ts';
import { apiContext, clockContext } from '../../router/context.ts';
import { byPosition } from '../../schemas/common.ts';
import { newsCard } from '../../ui/news-card.server.ts';
import { listedEvent, upcomingOnly } from '../events-jobs/loaders.server.ts';

/** The newest item of a media list as its home card shows it (`image`: the field its cover is in). */
const newest = <K extends string, T extends { slug: string; title: string; excerpt: string }, I>(
  kind: K,
  base: string,
  items: readonly T[],
  image: (item: T) => I,
) =>
  items.slice(0, 1).map((item) => ({
    kind,
    to: `${base}/${item.slug}`,
    title: item.title,
    image: image(item),
    excerpt: item.excerpt,
  }));

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const now = context.get(clockContext)();
  const today = now.toISOString().slice(0, 10);
  const [sliders, latest, events, partners, videos, galleries, podcasts, glaciers] = await Promise.all([
    api.get('sliders'),
    api.get('newsLatest', { query: { limit: 6 } }),
    api.get('events', { query: { from: today, per_page: 3, order: 'asc' } }),
    api.get('partners', { query: { per_page: 12 } }),
    api.get('videos', { query: { per_page: 1 } }),
    api.get('photoGalleries', { query: { per_page: 1 } }),
    api.get('podcasts', { query: { per_page: 1 } }),
    // the map block is a bonus on the home page: without it the page still stands
    api.get('glaciers').catch(() => ({ data: [] })),
  ]);
  return {
    /** what the map block draws of each glacier, and no more */
    glaciers: glaciers.data.map((g) => ({
      slug: g.slug,
      name: g.name,
      lat: g.lat,
      lon: g.lon,
      hasData: hasGlacierData(g),
      reference: g.wgms_reference,
    })),
    /** the glacier counts, the same the WGMS page states (only their text: the block lists no glacier by name) */
    glacierCounts: countsText(glacierCounts(glaciers.data), api.locale).text,
    /** the newest gallery, video and podcast, as their cards show them */
    multimedia: [
      ...newest('gallery', '/multimedia/photo-gallery', galleries.data, (g) => g.cover),
      ...newest('video', '/multimedia/video', videos.data, (v) => v.poster),
      ...newest('podcast', '/multimedia/podcasts', podcasts.data, (p) => p.image),
    ],
    sliders: byPosition(sliders.data),
    news: latest.data.map((item) => newsCard(item, api.locale)),
    // the days and status as the events list shows them, by the same rule for which day an event is on (`eventDay`)
    events: upcomingOnly(events.data, now).map((event) => listedEvent(event, api.locale, now)),
    partners: byPosition(partners.data),
  };
}
export type HomeData = Awaited<ReturnType<typeof homeLoader>>;

export const loaders = {
  home: homeLoader,
};

import type { LoaderFunctionArgs } from 'react-router';
import { hasGlacierData } from '../../glacier-data.ts';
import { glacierCounts } from '../resources/region-figures.ts';
import { countsText } from '../resources/wgms-text.server.ts';
import { apiContext, clockContext } from '../../router/context.ts';
import { newsCard } from '../../ui/news-card.server.ts';
import { upcomingOnly, withDays } from '../events-jobs/loaders.server.ts';

export async function homeLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const today = context.get(clockContext)().toISOString().slice(0, 10);
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
      ...galleries.data.slice(0, 1).map((g) => ({
        kind: 'gallery' as const,
        to: `/multimedia/photo-gallery/${g.slug}`,
        title: g.title,
        image: g.cover,
        excerpt: g.excerpt,
      })),
      ...videos.data.slice(0, 1).map((v) => ({
        kind: 'video' as const,
        to: `/multimedia/video/${v.slug}`,
        title: v.title,
        image: v.poster,
        excerpt: v.excerpt,
      })),
      ...podcasts.data.slice(0, 1).map((p) => ({
        kind: 'podcast' as const,
        to: `/multimedia/podcasts/${p.slug}`,
        title: p.title,
        image: p.image,
        excerpt: p.excerpt,
      })),
    ],
    sliders: [...sliders.data].sort((a, b) => a.position - b.position),
    news: latest.data.map((item) => newsCard(item, api.locale)),
    // the days as the events list shows them, by the same rule for which day an event is on (`eventDay`)
    events: upcomingOnly(events.data, today).map((event) => withDays(event, api.locale)),
    partners: [...partners.data].sort((a, b) => a.position - b.position),
  };
}
export type HomeData = Awaited<ReturnType<typeof homeLoader>>;

export const loaders = {
  home: homeLoader,
};

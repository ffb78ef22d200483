import { defaultContentDir } from '../../content-api/config.ts';
import type { CallName } from '../../shared/api/calls.ts';
import { loadContent } from '../../content-api/store.ts';

/** The sample content the embedded content API serves, as typed records (both locales). */
export const content = loadContent(defaultContentDir());
export type Content = typeof content;

/** Path parameters that make each detail call of SPEC §7 resolve to a real item of the sample content. */
export const callParams: Partial<Record<CallName, Record<string, string | number>>> = {
  newsItem: { slug: content.news[0]!.slug },
  eventItem: { slug: content.events[0]!.slug },
  countryProfile: { slug: content['country-profiles'][0]!.slug },
  video: { slug: content.videos[0]!.slug },
  photoGallery: { slug: content['photo-galleries'][0]!.slug },
  podcast: { slug: content.podcasts[0]!.slug },
  webinar: { slug: content.webinars[0]!.slug },
  cryosphereSubpage: { slug: content['cryosphere-subpages'][0]!.slug },
  massBalance: { id: content.glaciers[0]!.id },
  elevationChange: { id: content.glaciers[0]!.id },
};

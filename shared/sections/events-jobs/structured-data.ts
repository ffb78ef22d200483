/** The events section's JSON-LD (server only, ADR 0076; see shared/ui/structured-data.ts). */
import { imageOf, type JsonLdObject, notInBrowser, siteUrl, thePortal } from '../../ui/structured-data.ts';
import type { Locale } from '../../constants.ts';
import type { EventDetail } from '../../schemas/events.ts';
import { isOnline } from './event-time.ts';

/** `/news/events/{slug}`: the event detail loader's event. Online events have "online" in their location. */
function eventBuilder(item: EventDetail, origin: string, locale: Locale): JsonLdObject {
  const url = siteUrl(origin, locale, `/news/events/${item.slug}`);
  const online = isOnline(item.location);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: item.title,
    description: item.excerpt,
    startDate: item.starts_at,
    endDate: item.ends_at ?? undefined,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online
      ? { '@type': 'VirtualLocation', url }
      : { '@type': 'Place', name: item.location, address: item.location },
    image: imageOf(origin, locale, item.image, `/news/events/${item.slug}`),
    url,
    inLanguage: locale,
    organizer: thePortal(origin, locale),
  };
}

export const event: typeof eventBuilder = import.meta.env.SSR ? eventBuilder : notInBrowser;

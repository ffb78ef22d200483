import type { EventSummary } from '../../schemas/events.ts';
import type { ListedEvent } from './loaders.server.ts';
import { Card } from '../../ui/Card.tsx';
import { EventDates } from './EventDates.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/** An event's card: its status and days, title, image, excerpt and place (the list's upcoming events, related events). */
export function EventCard({ event }: { event: EventSummary & ListedEvent }) {
  return (
    <Card
      to={`/news/events/${event.slug}`}
      title={event.title}
      image={event.image}
      kicker={
        <>
          <StatusBadge status={event.status} />
          <EventDates event={event} />
        </>
      }
      excerpt={event.excerpt}
      footer={event.location ? <p className="event-place">{event.location}</p> : null}
    />
  );
}

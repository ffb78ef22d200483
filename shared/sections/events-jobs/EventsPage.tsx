import { listTitle } from '../../ui/list-title.ts';
import type { eventsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { EventCard } from './EventCard.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { EventDates } from './EventDates.tsx';
import { LOCALE_INFO } from '../../locales.ts';
import { CardGrid } from '../../ui/CardGrid.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

export function EventsPage() {
  const { upcoming, past, pastMeta } = useLoaderData<typeof eventsLoader>();
  const { t, locale } = useI18n();
  const title = listTitle(t, t('events.title'), pastMeta);
  return (
    <div className="container page events">
      <Seo title={title} description={t('events.description')} />
      <PageHeader
        title={t('events.title')}
        crumbs={[{ title: t('news.title'), to: '/news' }, { title: t('events.title') }]}
        lead={upcoming ? t('events.upcomingCount', { count: upcoming.totalText }) : undefined}
      />
      <p className="feed-link">
        <a href={`${LOCALE_INFO[locale].basename}/news/events/calendar.ics`}>{t('events.subscribe')}</a>
      </p>

      {/* upcoming events open the first page; later pages continue the past ones */}
      {upcoming ? (
        <section className="events__group events__group--upcoming" aria-labelledby="events-upcoming">
          <h2 id="events-upcoming" className="events__heading">
            {t('events.upcoming')}
          </h2>
          {upcoming.items.length === 0 ? (
            <EmptyState>{t('events.upcomingEmpty')}</EmptyState>
          ) : (
            <CardGrid>
              {upcoming.items.map((event) => (
                <EventCard key={event.id} event={event} />
              ))}
            </CardGrid>
          )}
        </section>
      ) : null}

      <section className="events__group events__group--past" aria-labelledby="events-past">
        <h2 id="events-past" className="events__heading">
          {t('events.past')}
        </h2>
        {past.length === 0 ? (
          isPastEnd(pastMeta) ? null : (
            <EmptyState>{t('events.pastEmpty')}</EmptyState>
          )
        ) : (
          <ul className="event-list">
            {past.map((event) => (
              <li key={event.id} className="event-list__item">
                <span className="event-list__date">
                  <EventDates event={event} />
                </span>
                <div>
                  <StatusBadge status={event.status} />
                  <h3 className="event-list__title">
                    <AppLink to={`/news/events/${event.slug}`}>{event.title}</AppLink>
                  </h3>
                  {event.location ? <p className="event-list__place">{event.location}</p> : null}
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination meta={pastMeta} />
      </section>
    </div>
  );
}

import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailPage } from '../../ui/DetailPage.tsx';
import type { eventDetailLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { EventCard } from './EventCard.tsx';
import { TakePart } from '../../ui/media/TakePart.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { EventWhen } from './EventDates.tsx';
import { EventStatusBadge } from './EventStatusBadge.tsx';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { event as eventData } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { LOCALE_INFO } from '../../locales.ts';

export function EventDetailPage() {
  const { event, status, about, related } = useLoaderData<typeof eventDetailLoader>();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  return (
    <DetailPage kind="event">
      <Seo title={event.title} description={event.excerpt} type="article" />
      <JsonLd data={eventData(event, origin, locale)} />
      <PageHeader
        title={event.title}
        crumbs={[
          { title: t('news.title'), to: '/news' },
          { title: t('events.title'), to: '/news/events' },
          { title: event.title },
        ]}
        lead={<EventStatusBadge status={status} />}
      />
      {/* what to do about an upcoming event; a past one has nothing to add to a calendar */}
      {status === 'upcoming' ? (
        <TakePart
          className="event__calendar"
          registrationUrl={event.registration_url}
          about={about}
          calendarHref={`${LOCALE_INFO[locale].basename}/news/events/${event.slug}.ics`}
          labels={{
            register: t('events.register'),
            askToJoin: t('events.askToJoin'),
            addToCalendar: t('events.addToCalendar'),
          }}
        />
      ) : null}
      <dl className="event__facts">
        <div className="event__fact">
          <dt>{t('events.when')}</dt>
          <dd>
            <EventWhen event={event} />
          </dd>
        </div>
        {event.location ? (
          <div className="event__fact">
            <dt>{t('events.where')}</dt>
            <dd>{event.location}</dd>
          </div>
        ) : null}
      </dl>
      <ContentImage image={event.image} className="article__image" priority />
      <RichText html={event.body} />
      <p className="event__back">
        <AppLink to="/news/events">← {t('events.all')}</AppLink>
      </p>
      {related.length > 0 ? (
        <section className="related" aria-labelledby="event-related">
          <h2 id="event-related">{t('events.related')}</h2>
          <div className="cards">
            {related.map((r) => (
              <EventCard key={r.id} event={r} />
            ))}
          </div>
        </section>
      ) : null}
    </DetailPage>
  );
}

import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailFact, DetailFacts, DetailMeta, DetailPage } from '../../ui/DetailPage.tsx';
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
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { event as eventData } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';

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
        lead={
          <DetailMeta>
            <StatusBadge status={status} />
          </DetailMeta>
        }
      />
      {/* what to do about an upcoming event; a started or past one has nothing to add to a calendar */}
      {status === 'upcoming' ? (
        <TakePart
          registrationUrl={event.registration_url}
          about={about}
          to={`/news/events/${event.slug}`}
          labels={{
            register: t('events.register'),
            askToJoin: t('events.askToJoin'),
            addToCalendar: t('events.addToCalendar'),
          }}
        />
      ) : null}
      <DetailFacts>
        <DetailFact label={t('events.when')}>
          <EventWhen event={event} />
        </DetailFact>
        {event.location ? <DetailFact label={t('events.where')}>{event.location}</DetailFact> : null}
      </DetailFacts>
      <ContentImage image={event.image} className="article__image" priority />
      <RichText html={event.body} />
      <p className="event__back">
        <AppLink to="/news/events">← {t('events.all')}</AppLink>
      </p>
      {related.length > 0 ? (
        <section className="related" aria-labelledby="event-related">
          <h2 id="event-related">{t('events.related')}</h2>
          <CardGrid>
            {related.map((r) => (
              <EventCard key={r.id} event={r} />
            ))}
          </CardGrid>
        </section>
      ) : null}
    </DetailPage>
  );
}

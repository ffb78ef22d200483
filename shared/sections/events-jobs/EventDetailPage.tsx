import { ContentImage } from '../../ui/ContentImage.tsx';
import type { eventDetailLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { EventDates, EventWhen } from './EventDates.tsx';
import { EventStatusBadge } from './EventStatusBadge.tsx';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { event as eventData } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { LOCALE_INFO } from '../../locales.ts';

export function EventDetailPage() {
  const { event, status, related } = useLoaderData<typeof eventDetailLoader>();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  return (
    <article className="container page article event">
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
      {/* a plain link: a calendar file, not a page */}
      <p className="event__calendar">
        <a href={`${LOCALE_INFO[locale].basename}/news/events/${event.slug}.ics`} download>
          {t('events.addToCalendar')}
        </a>
      </p>
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
              <Card
                key={r.id}
                to={`/news/events/${r.slug}`}
                title={r.title}
                image={r.image}
                kicker={<EventDates event={r} />}
                excerpt={r.excerpt}
                footer={r.location ? <p className="event-place">{r.location}</p> : null}
              />
            ))}
          </div>
        </section>
      ) : null}
    </article>
  );
}

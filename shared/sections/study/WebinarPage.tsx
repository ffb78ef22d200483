import { ContentImage } from '../../ui/ContentImage.tsx';
import type { WebinarData, webinarLoader } from './loaders.server.ts';
import { TakePart } from '../../ui/media/TakePart.tsx';
import { LOCALE_INFO } from '../../locales.ts';
import { useLoaderData } from 'react-router';
import { Duration } from '../../ui/media/Duration.tsx';
import { PeopleFact } from '../../ui/media/PeopleFact.tsx';
import { Related } from '../../ui/media/Related.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { WebinarCard, WEBINARS_PATH } from './WebinarCard.tsx';

/**
 * What a visitor can do next: register and add an upcoming webinar to a calendar, watch a past one's recording, or
 * read that none was published (never a promise of a recording that is not there).
 */
function WebinarStatus({ item, upcoming, about }: Pick<WebinarData, 'item' | 'upcoming' | 'about'>) {
  const { t, locale } = useI18n();
  if (!upcoming) {
    return (
      <p className="webinar-status" role="note">
        {t('study.webinars.pastNote')}{' '}
        {item.recording_url ? (
          <>
            {t('study.webinars.recordingPublished')}{' '}
            <a href={item.recording_url}>{t('study.webinars.watchRecording')}</a>
          </>
        ) : (
          t('study.webinars.noRecording')
        )}
      </p>
    );
  }
  return (
    <div className="webinar-status webinar-status--upcoming" role="note">
      <p className="webinar-status__text">{t('study.webinars.upcomingNote')}</p>
      <TakePart
        className="webinar-actions"
        registrationUrl={item.registration_url}
        about={about}
        calendarHref={`${LOCALE_INFO[locale].basename}${WEBINARS_PATH}/${item.slug}.ics`}
        labels={{
          register: t('study.webinars.register'),
          askToJoin: t('study.webinars.askToJoin'),
          addToCalendar: t('study.webinars.addToCalendar'),
        }}
      />
    </div>
  );
}

export function WebinarPage() {
  const { item, upcoming, about, related } = useLoaderData<typeof webinarLoader>();
  const { t } = useI18n();
  const when = t('study.webinars.utc', { time: item.startsText });
  return (
    <article className="container page media-page webinar-page">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: t('study.webinars.title'), to: WEBINARS_PATH }, { title: item.title }]}
        lead={
          <p className="media-meta">
            {upcoming ? <span className="webinar-badge">{t('study.webinars.upcomingBadge')}</span> : null}
            <time dateTime={item.starts_at}>{when}</time>
          </p>
        }
      />
      <WebinarStatus item={item} upcoming={upcoming} about={about} />
      <div className="webinar-page__layout">
        <aside className="webinar-page__aside">
          <dl className="media-facts">
            <div>
              <dt>{t('study.webinars.when')}</dt>
              <dd>
                <time dateTime={item.starts_at}>{when}</time>{' '}
                <span className="webinar-page__region">{item.regionText}</span>
              </dd>
            </div>
            <div>
              <dt>{t('study.duration')}</dt>
              <dd>
                <Duration seconds={item.duration_min * 60} />
              </dd>
            </div>
            <div>
              <dt>{t('study.language')}</dt>
              <dd>{item.language.title}</dd>
            </div>
            <PeopleFact label={t('study.webinars.speakers')} people={item.speakers} />
          </dl>
        </aside>
        <div className="webinar-page__main">
          <ContentImage image={item.image} className="webinar-page__image" priority />
          {item.excerpt ? <p className="media-page__lead">{item.excerpt}</p> : null}
          <RichText html={item.body} />
        </div>
      </div>
      <Related title={t('study.webinars.related')} count={related.length}>
        {related.map((w) => (
          <WebinarCard key={w.id} item={w} upcoming={w.upcoming} />
        ))}
      </Related>
    </article>
  );
}

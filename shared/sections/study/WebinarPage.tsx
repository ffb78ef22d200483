import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailFact, DetailFacts, DetailMeta, DetailPage } from '../../ui/DetailPage.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { WebinarData, webinarLoader } from './loaders.server.ts';
import { TakePart } from '../../ui/media/TakePart.tsx';
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
 * read that none was published (never a promise of a recording that is not there); an ongoing one has started.
 */
function WebinarStatus({ item, about }: Pick<WebinarData, 'item' | 'about'>) {
  const { t } = useI18n();
  if (item.status === 'ongoing') {
    return (
      <p className="webinar-status" role="note">
        {t('study.webinars.ongoingNote')}
      </p>
    );
  }
  if (item.status === 'past') {
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
        registrationUrl={item.registration_url}
        about={about}
        to={`${WEBINARS_PATH}/${item.slug}`}
        labels={{
          register: t('study.webinars.register'),
          askToJoin: t('study.webinars.askToJoin'),
          addToCalendar: t('study.webinars.addToCalendar'),
        }}
      />
    </div>
  );
}

/** A webinar in the one detail template (`DetailPage`), as an event's page: status, actions, facts, image, text. */
export function WebinarPage() {
  const { item, about, related } = useLoaderData<typeof webinarLoader>();
  const { t } = useI18n();
  const when = t('study.webinars.utc', { time: item.startsText });
  return (
    <DetailPage kind="webinar-page">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: t('study.webinars.title'), to: WEBINARS_PATH }, { title: item.title }]}
        lead={
          <DetailMeta>
            <StatusBadge status={item.status} />
            <time dateTime={item.starts_at}>{when}</time>
          </DetailMeta>
        }
      />
      <WebinarStatus item={item} about={about} />
      <DetailFacts>
        <DetailFact label={t('study.webinars.when')}>
          <time dateTime={item.starts_at}>{when}</time> <span className="webinar-page__region">{item.regionText}</span>
        </DetailFact>
        <DetailFact label={t('study.duration')}>
          <Duration seconds={item.duration_min * 60} />
        </DetailFact>
        <DetailFact label={t('study.language')}>{item.language.title}</DetailFact>
        <PeopleFact label={t('study.webinars.speakers')} people={item.speakers} />
      </DetailFacts>
      <ContentImage image={item.image} className="article__image" priority />
      {item.excerpt ? <p className="media-page__lead">{item.excerpt}</p> : null}
      <RichText html={item.body} />
      <Related title={t('study.webinars.related')} count={related.length}>
        {related.map((w) => (
          <WebinarCard key={w.id} item={w} />
        ))}
      </Related>
    </DetailPage>
  );
}

import { ContentImage } from '../../ui/ContentImage.tsx';
import type { webinarLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { Duration } from '../../ui/media/Duration.tsx';
import { PeopleFact } from '../../ui/media/PeopleFact.tsx';
import { Related } from '../../ui/media/Related.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { WebinarCard, WEBINARS_PATH } from './WebinarCard.tsx';

export function WebinarPage() {
  const { item, upcoming, related } = useLoaderData<typeof webinarLoader>();
  const { t, dateTime } = useI18n();
  const when = t('study.webinars.utc', { time: dateTime(item.starts_at) });
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
      <p className={upcoming ? 'webinar-status webinar-status--upcoming' : 'webinar-status'} role="note">
        {upcoming ? t('study.webinars.upcomingNote') : t('study.webinars.pastNote')}
      </p>
      <div className="webinar-page__layout">
        <aside className="webinar-page__aside">
          <dl className="media-facts">
            <div>
              <dt>{t('study.webinars.when')}</dt>
              <dd>
                <time dateTime={item.starts_at}>{when}</time>
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

import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailFact, DetailPage } from '../../ui/DetailPage.tsx';
import type { podcastLoader } from './loaders.server.ts';
import { useId } from 'react';
import { useLoaderData } from 'react-router';
import { AudioPlayer } from '../../ui/media/AudioPlayer.tsx';
import { Duration } from '../../ui/media/Duration.tsx';
import { PeopleFact } from '../../ui/media/PeopleFact.tsx';
import { MediaMeta } from '../../ui/media/MediaMeta.tsx';
import { Related } from '../../ui/media/Related.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { MediaCard, PODCASTS_PATH } from './cards.tsx';

export function PodcastPage() {
  const { item, related } = useLoaderData<typeof podcastLoader>();
  const { t } = useI18n();
  const listenId = useId();
  const notesId = useId();
  return (
    <DetailPage kind="media-page podcast-page">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: t('multimedia.podcasts.title'), to: PODCASTS_PATH }, { title: item.title }]}
        lead={
          <MediaMeta item={item}>
            <Duration seconds={item.duration_s} />
          </MediaMeta>
        }
      />
      <div className="episode">
        <ContentImage image={item.image} className="episode__cover" priority />
        <div className="episode__main">
          {item.excerpt ? <p className="media-page__lead">{item.excerpt}</p> : null}
          <section className="episode__listen" aria-labelledby={listenId}>
            <h2 id={listenId} className="episode__heading">
              {t('multimedia.podcasts.listen')}
            </h2>
            {item.audio_url ? (
              <>
                <AudioPlayer src={item.audio_url} label={`${t('multimedia.podcasts.listen')}: ${item.title}`} />
                <a className="episode__download" href={item.audio_url} download>
                  {t('multimedia.podcasts.download')}
                </a>
              </>
            ) : (
              <p className="media-note" role="note">
                {t('multimedia.podcasts.noAudio')}
              </p>
            )}
          </section>
          <dl className="media-facts">
            <DetailFact label={t('media.duration')}>
              <Duration seconds={item.duration_s} />
            </DetailFact>
            <PeopleFact label={t('multimedia.podcasts.speakers')} people={item.speakers} />
          </dl>
        </div>
      </div>
      <section className="media-page__body" aria-labelledby={notesId}>
        <h2 id={notesId}>{t('multimedia.podcasts.notes')}</h2>
        <RichText html={item.body} />
      </section>
      <Related title={t('multimedia.podcasts.related')} count={related.length}>
        {related.map((r) => (
          <MediaCard key={r.id} media={{ kind: 'audio', item: r }} />
        ))}
      </Related>
    </DetailPage>
  );
}

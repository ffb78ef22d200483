import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailPage } from '../../ui/DetailPage.tsx';
import type { videoLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import type { VideoData } from './loaders.server.ts';
import { Duration } from '../../ui/media/Duration.tsx';
import { MediaMeta } from '../../ui/media/MediaMeta.tsx';
import { Related } from '../../ui/media/Related.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { isPlayable, MediaCard, VIDEOS_PATH } from './cards.tsx';

/** A playable file, else an embedded player, else the poster with a note (the sample content has no footage). */
function VideoFrame({ item }: { item: VideoData['item'] }) {
  const { t } = useI18n();
  const { poster } = item;
  if (item.video_url) {
    return (
      <div className="video-frame">
        <video
          className="video-frame__media"
          controls
          preload="metadata"
          poster={poster?.url}
          src={item.video_url}
          width={poster?.width}
          height={poster?.height}
          aria-label={t('multimedia.video.player', { title: item.title })}
        >
          {t('multimedia.video.noVideoSupport')} <a href={item.video_url}>{t('multimedia.video.download')}</a>
        </video>
      </div>
    );
  }
  if (item.embed_url) {
    return (
      <div className="video-frame video-frame--embed">
        <iframe
          className="video-frame__media"
          src={item.embed_url}
          title={t('multimedia.video.player', { title: item.title })}
          allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="video-frame video-frame--unavailable">
      <ContentImage image={poster} className="video-frame__media" priority />
      <p className="video-frame__note" role="note">
        {/* the editors' word on this recording (in preparation, withdrawn), else the general note */}
        {item.state_note ?? t('multimedia.video.unavailable')}
      </p>
    </div>
  );
}

export function VideoPage() {
  const { item, related } = useLoaderData<typeof videoLoader>();
  const { t } = useI18n();
  return (
    <DetailPage kind="media-page video-page">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: t('multimedia.video.title'), to: VIDEOS_PATH }, { title: item.title }]}
        lead={
          // a film not published yet has no length to give
          <MediaMeta item={item}>
            {isPlayable(item) ? <Duration seconds={item.duration_s} /> : t('multimedia.video.inPreparation')}
          </MediaMeta>
        }
      />
      <VideoFrame item={item} />
      <div className="media-page__body">
        <RichText html={item.body} />
      </div>
      <Related title={t('multimedia.video.related')} count={related.length}>
        {related.map((r) => (
          <MediaCard key={r.id} media={{ kind: 'video', item: r }} />
        ))}
      </Related>
    </DetailPage>
  );
}

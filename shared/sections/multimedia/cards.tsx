import type { Published } from '../../i18n/format.server.ts';
import type { PhotoGallerySummary, PodcastSummary, VideoSummary } from '../../schemas/multimedia.ts';
import { Card } from '../../ui/Card.tsx';
import { Duration } from '../../ui/media/Duration.tsx';
import { pluralKey } from '../../ui/media/plural.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

export const PHOTO_GALLERY_PATH = '/multimedia/photo-gallery';
export const PODCASTS_PATH = '/multimedia/podcasts';
export const VIDEOS_PATH = '/multimedia/video';

interface CardOptions {
  headingLevel?: 2 | 3;
}

export function GalleryCard({ item, headingLevel = 3 }: { item: Published<PhotoGallerySummary> } & CardOptions) {
  const { t, locale } = useI18n();
  return (
    <Card
      to={`${PHOTO_GALLERY_PATH}/${item.slug}`}
      title={item.title}
      image={item.cover}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{item.publishedText}</time>}
      excerpt={item.excerpt}
      footer={
        <p className="media-badges">
          <span className="media-badge media-badge--photos">
            {t(pluralKey('multimedia.photos.photoCount', locale, item.photos_count), { count: item.photos_count })}
          </span>
        </p>
      }
    />
  );
}

export function PodcastCard({ item, headingLevel = 3 }: { item: Published<PodcastSummary> } & CardOptions) {
  return (
    <Card
      to={`${PODCASTS_PATH}/${item.slug}`}
      title={item.title}
      image={item.image}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{item.publishedText}</time>}
      excerpt={item.excerpt}
      footer={
        <p className="media-badges">
          <span className="media-badge media-badge--audio">
            <Duration seconds={item.duration_s} />
          </span>
        </p>
      }
    />
  );
}

/** Whether a video can be watched: an upstream that does not say (no `state`) serves only playable ones. */
export const isPlayable = (item: Pick<VideoSummary, 'state'>) => (item.state ?? 'available') === 'available';

/**
 * A video's card: a play mark over the poster and the length when it can be watched; when it cannot, no play mark
 * and a badge that says the film is being prepared for publication (the length is then the planned one).
 */
export function VideoCard({ item, headingLevel = 3 }: { item: Published<VideoSummary> } & CardOptions) {
  const { t } = useI18n();
  const playable = isPlayable(item);
  return (
    <Card
      to={`${VIDEOS_PATH}/${item.slug}`}
      title={item.title}
      image={item.poster}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{item.publishedText}</time>}
      excerpt={item.excerpt}
      footer={
        playable ? (
          <p className="media-badges">
            <span className="media-badge media-badge--video">
              <Duration seconds={item.duration_s} />
            </span>
          </p>
        ) : (
          <p className="media-badges">
            <span className="media-badge media-badge--soon">{t('multimedia.video.inPreparation')}</span>
            <span className="media-badge media-badge--time">
              <span className="visually-hidden">{t('multimedia.video.plannedLength')}: </span>
              <Duration seconds={item.duration_s} />
            </span>
          </p>
        )
      }
    />
  );
}

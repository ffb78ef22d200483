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

/** Whether a video can be watched: an upstream that does not say (no `state`) serves only playable ones. */
export const isPlayable = (item: Pick<VideoSummary, 'state'>) => (item.state ?? 'available') === 'available';

/** What a media card shows: a podcast episode or a video. */
export type MediaItem =
  { kind: 'audio'; item: Published<PodcastSummary> } | { kind: 'video'; item: Published<VideoSummary> };

/** Where a media card links, its image, and whether there is something to play yet (a video may be in preparation). */
const cardOf = (media: MediaItem) =>
  media.kind === 'audio'
    ? { to: `${PODCASTS_PATH}/${media.item.slug}`, image: media.item.image, published: true }
    : { to: `${VIDEOS_PATH}/${media.item.slug}`, image: media.item.poster, published: isPlayable(media.item) };

/**
 * The one list card of podcasts and videos (lists and related items): the image above (a podcast's square cover shown
 * whole), the date, title and excerpt, then how long it lasts, with a play mark over a video's poster. An item not
 * published yet says so instead, with no length: a film that does not exist has none.
 */
export function MediaCard({ media, headingLevel = 3 }: { media: MediaItem } & CardOptions) {
  const { t } = useI18n();
  const { item, kind } = media;
  const { to, image, published } = cardOf(media);
  return (
    <Card
      to={to}
      title={item.title}
      image={image}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{item.publishedText}</time>}
      excerpt={item.excerpt}
      footer={
        <p className={`media-badges media-badges--${kind}`}>
          {published ? (
            <span className={`media-badge media-badge--${kind}`}>
              <span className="visually-hidden">{t('media.duration')}: </span>
              <Duration seconds={item.duration_s} />
            </span>
          ) : (
            <span className="media-badge media-badge--soon">{t('multimedia.video.inPreparation')}</span>
          )}
        </p>
      }
    />
  );
}

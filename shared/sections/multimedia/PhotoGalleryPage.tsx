import type { photoGalleryLoader } from './loaders.server.ts';
import { useId } from 'react';
import { useLoaderData } from 'react-router';
import { MediaMeta } from '../../ui/media/MediaMeta.tsx';
import { PhotoGrid } from '../../ui/media/PhotoGrid.tsx';
import { pluralKey } from '../../ui/media/plural.ts';
import { Related } from '../../ui/media/Related.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { GalleryCard, PHOTO_GALLERY_PATH } from './cards.tsx';

export function PhotoGalleryPage() {
  const { item, related } = useLoaderData<typeof photoGalleryLoader>();
  const { t, locale } = useI18n();
  const photosId = useId();
  const count = item.photos.length;
  return (
    <article className="container page media-page gallery-page">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: t('multimedia.photos.title'), to: PHOTO_GALLERY_PATH }, { title: item.title }]}
        lead={
          <MediaMeta item={item}>
            <span>{t(pluralKey('multimedia.photos.photoCount', locale, count), { count })}</span>
          </MediaMeta>
        }
      />
      {item.excerpt ? <p className="media-page__lead">{item.excerpt}</p> : null}
      <section className="gallery-page__photos" aria-labelledby={photosId}>
        <h2 id={photosId} className="visually-hidden">
          {t('multimedia.photos.photos')}
        </h2>
        {count > 0 ? <p className="media-hint">{t('multimedia.photos.hint')}</p> : null}
        {/* keyed: another gallery (a related link, the back button) starts with the lightbox closed */}
        <PhotoGrid key={item.slug} title={item.title} photos={item.photos} />
      </section>
      <Related title={t('multimedia.photos.related')} count={related.length}>
        {related.map((r) => (
          <GalleryCard key={r.id} item={r} />
        ))}
      </Related>
    </article>
  );
}

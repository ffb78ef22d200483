import type { photoGalleriesLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { GalleryCard } from './cards.tsx';

export function PhotoGalleriesPage() {
  const { items, meta } = useLoaderData<typeof photoGalleriesLoader>();
  const { t } = useI18n();
  const title = t('multimedia.photos.title');
  return (
    <div className="container page media-list">
      <Seo title={listTitle(t, title, meta)} description={t('multimedia.photos.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('multimedia.photos.count', { count: meta.total })} />
      {items.length === 0 ? (
        <ListEmpty meta={meta} text={t('multimedia.photos.empty')} />
      ) : (
        <div className="cards media-cards media-cards--galleries">
          {items.map((item) => (
            <GalleryCard key={item.id} item={item} headingLevel={2} />
          ))}
        </div>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

import { useLoaderData } from 'react-router';
import type { PhotoGalleriesData } from '../../../shared/routes/sections/multimedia.ts';
import { ListEmpty } from '../../components/media/ListEmpty.tsx';
import { listTitle } from '../../components/media/list-title.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Seo } from '../../components/Seo.tsx';
import { useI18n } from '../../i18n.ts';
import { GalleryCard } from './cards.tsx';

export function PhotoGalleriesPage() {
  const { items, meta } = useLoaderData() as PhotoGalleriesData;
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

import { useLoaderData } from 'react-router';
import type { VideosData } from '../../../shared/routes/sections/multimedia.ts';
import { ListEmpty } from '../../components/media/ListEmpty.tsx';
import { listTitle } from '../../components/media/list-title.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Seo } from '../../components/Seo.tsx';
import { useI18n } from '../../i18n.ts';
import { VideoCard } from './cards.tsx';

export function VideosPage() {
  const { items, meta } = useLoaderData() as VideosData;
  const { t } = useI18n();
  const title = t('multimedia.video.title');
  return (
    <div className="container page media-list">
      <Seo title={listTitle(t, title, meta)} description={t('multimedia.video.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('multimedia.video.count', { count: meta.total })} />
      {items.length === 0 ? (
        <ListEmpty meta={meta} text={t('multimedia.video.empty')} />
      ) : (
        <div className="cards media-cards media-cards--videos">
          {items.map((item) => (
            <VideoCard key={item.id} item={item} headingLevel={2} />
          ))}
        </div>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

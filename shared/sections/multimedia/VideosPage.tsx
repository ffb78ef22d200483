import type { videosLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { VideoCard } from './cards.tsx';

export function VideosPage() {
  const { items, meta } = useLoaderData<typeof videosLoader>();
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

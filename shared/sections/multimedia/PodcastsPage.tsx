import type { podcastsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { PodcastCard } from './cards.tsx';

export function PodcastsPage() {
  const { items, meta } = useLoaderData<typeof podcastsLoader>();
  const { t } = useI18n();
  const title = t('multimedia.podcasts.title');
  return (
    <div className="container page media-list">
      <Seo title={listTitle(t, title, meta)} description={t('multimedia.podcasts.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('multimedia.podcasts.count', { count: meta.total })} />
      {items.length === 0 ? (
        <ListEmpty meta={meta} text={t('multimedia.podcasts.empty')} />
      ) : (
        <div className="cards media-cards media-cards--podcasts">
          {items.map((item) => (
            <PodcastCard key={item.id} item={item} headingLevel={2} />
          ))}
        </div>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

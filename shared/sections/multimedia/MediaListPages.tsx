import type { photoGalleriesLoader, podcastsLoader, videosLoader } from './loaders.server.ts';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import type { PaginationMeta } from '../../schemas/common.ts';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CardGrid } from '../../ui/CardGrid.tsx';
import { GalleryCard, MediaCard } from './cards.tsx';

/**
 * A list page of the section: its title and count, one card per item (`cards`; without any, the list's empty text)
 * in the one card grid, and the pages. Its strings are `multimedia.{strings}.title`, `.description`,
 * `.count` and `.empty`.
 */
function MediaListPage(props: { strings: 'photos' | 'podcasts' | 'video'; meta: PaginationMeta; cards: ReactNode[] }) {
  const { strings, meta } = props;
  const { t } = useI18n();
  const title = t(`multimedia.${strings}.title`);
  return (
    <div className="container page media-list">
      <Seo title={listTitle(t, title, meta)} description={t(`multimedia.${strings}.description`)} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t(`multimedia.${strings}.count`, { count: meta.total })} />
      {props.cards.length === 0 ? (
        <ListEmpty meta={meta} text={t(`multimedia.${strings}.empty`)} />
      ) : (
        <CardGrid>{props.cards}</CardGrid>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

export function PhotoGalleriesPage() {
  const { items, meta } = useLoaderData<typeof photoGalleriesLoader>();
  const cards = items.map((item) => <GalleryCard key={item.id} item={item} headingLevel={2} />);
  return <MediaListPage strings="photos" meta={meta} cards={cards} />;
}

export function PodcastsPage() {
  const { items, meta } = useLoaderData<typeof podcastsLoader>();
  const cards = items.map((item) => <MediaCard key={item.id} media={{ kind: 'audio', item }} headingLevel={2} />);
  return <MediaListPage strings="podcasts" meta={meta} cards={cards} />;
}

export function VideosPage() {
  const { items, meta } = useLoaderData<typeof videosLoader>();
  const cards = items.map((item) => <MediaCard key={item.id} media={{ kind: 'video', item }} headingLevel={2} />);
  return <MediaListPage strings="video" meta={meta} cards={cards} />;
}

import { listTitle } from '../../ui/list-title.ts';
import type { newsListLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { NewsCard } from '../../ui/NewsCard.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { CardGrid } from '../../ui/CardGrid.tsx';

export function NewsListPage() {
  const { items, meta } = useLoaderData<typeof newsListLoader>();
  const { t, locale } = useI18n();
  const title = listTitle(t, t('news.title'), meta);
  return (
    <div className="container page">
      <Seo title={title} description={t('news.description')} />
      <Breadcrumbs items={[{ title: t('news.title') }]} />
      <header className="page__head">
        <h1>{t('news.title')}</h1>
        <p className="page__count">{t('news.count', { count: meta.total })}</p>
        <p className="feed-link">
          <a href={`${LOCALE_INFO[locale].basename}/news/rss.xml`} type="application/rss+xml">
            {t('news.rss')}
          </a>
        </p>
      </header>
      {items.length === 0 ? (
        <EmptyState>{t('news.empty')}</EmptyState>
      ) : (
        <CardGrid>
          {items.map((item, index) => (
            <NewsCard key={item.id} item={item} headingLevel={2} priority={index === 0} />
          ))}
        </CardGrid>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

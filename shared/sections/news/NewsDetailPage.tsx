import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailPage } from '../../ui/DetailPage.tsx';
import type { newsDetailLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { Breadcrumbs } from '../../ui/Breadcrumbs.tsx';
import { NewsCard } from '../../ui/NewsCard.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { newsArticle } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';

export function NewsDetailPage() {
  const { item } = useLoaderData<typeof newsDetailLoader>();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  return (
    <DetailPage>
      <Seo title={item.title} description={item.excerpt} type="article" publishedTime={item.published_at} />
      <JsonLd data={newsArticle(item, origin, locale)} />
      <Breadcrumbs items={[{ title: t('news.title'), to: '/news' }, { title: item.title }]} />
      <header className="article__head">
        <h1>{item.title}</h1>
        <p className="article__meta">
          {t('news.published')}: <time dateTime={item.published_at}>{item.publishedText}</time>
        </p>
      </header>
      <ContentImage image={item.image} className="article__image" priority />
      <RichText html={item.body} />
      {item.related.length > 0 ? (
        <section className="related" aria-labelledby="related-news">
          <h2 id="related-news">{t('news.related')}</h2>
          <CardGrid>
            {item.related.map((r) => (
              <NewsCard key={r.id} item={r} />
            ))}
          </CardGrid>
        </section>
      ) : null}
    </DetailPage>
  );
}

import type { NewsCardItem } from './news-card.server.ts';
import { useI18n } from '../i18n/use-i18n.ts';
import { Card } from './Card.tsx';
import { TagList } from './TagList.tsx';

export function NewsCard({
  item,
  headingLevel = 3,
  priority = false,
}: {
  /** the loader's item (`newsCard`): the same object while the upstream's is */
  item: NewsCardItem;
  headingLevel?: 2 | 3;
  /** the first card of a list above the fold: its image is the page's LCP element */
  priority?: boolean;
}) {
  const { locale } = useI18n();
  return (
    <Card
      to={`/news/${item.slug}`}
      title={item.title}
      image={item.image}
      priority={priority}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{item.publishedText}</time>}
      excerpt={item.excerpt}
      footer={<TagList tags={item.tags} />}
      reuse={{ source: item, key: `${locale}:${headingLevel}:${priority}` }}
    />
  );
}

import type { NewsSummary } from '../schemas/news.ts';
import { useI18n } from '../i18n/use-i18n.ts';
import { Card } from './Card.tsx';
import { TagList } from './TagList.tsx';

export function NewsCard({
  item,
  headingLevel = 3,
  priority = false,
}: {
  item: NewsSummary;
  headingLevel?: 2 | 3;
  /** the first card of a list above the fold: its image is the page's LCP element */
  priority?: boolean;
}) {
  const { date, locale } = useI18n();
  return (
    <Card
      to={`/news/${item.slug}`}
      title={item.title}
      image={item.image}
      priority={priority}
      headingLevel={headingLevel}
      kicker={<time dateTime={item.published_at}>{date(item.published_at)}</time>}
      excerpt={item.excerpt}
      footer={<TagList tags={item.tags} />}
      reuse={{ source: item, key: `${locale}:${headingLevel}:${priority}` }}
    />
  );
}

import { Link } from 'react-router';
import type { NewsSummary } from '../../shared/schemas/news.ts';
import { useI18n } from '../i18n.ts';

export function NewsCard({ item, headingLevel = 3 }: { item: NewsSummary; headingLevel?: 2 | 3 }) {
  const { date } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card">
      {item.image ? (
        <img className="card__image" src={item.image.url} alt={item.image.alt} width={item.image.width} height={item.image.height} loading="lazy" />
      ) : null}
      <div className="card__body">
        <time className="card__date" dateTime={item.published_at}>
          {date(item.published_at)}
        </time>
        <Heading className="card__title">
          <Link to={`/news/${item.slug}`} className="card__link">
            {item.title}
          </Link>
        </Heading>
        <p className="card__excerpt">{item.excerpt}</p>
        {item.tags.length > 0 ? (
          <ul className="tags">
            {item.tags.map((tag) => (
              <li key={tag.id} className="tag">
                {tag.title}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

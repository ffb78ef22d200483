import type { WebinarCardItem } from './loaders.server.ts';
import { Card } from '../../ui/Card.tsx';
import { Duration } from '../../ui/media/Duration.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

export const WEBINARS_PATH = '/study/webinars';
export const COURSES_PATH = '/study/online-courses';

/** Status and start time (UTC, as every date on the site is formatted) with the duration and language below. */
export function WebinarCard({ item }: { item: WebinarCardItem }) {
  const { t } = useI18n();
  return (
    <Card
      to={`${WEBINARS_PATH}/${item.slug}`}
      title={item.title}
      image={item.image}
      kicker={
        <>
          <StatusBadge status={item.status} />
          <time dateTime={item.starts_at}>{t('study.webinars.utc', { time: item.startsText })}</time>
        </>
      }
      excerpt={item.excerpt}
      footer={
        <p className="media-badges">
          <span className="media-badge media-badge--time">
            <span className="visually-hidden">{t('study.duration')}: </span>
            <Duration seconds={item.duration_min * 60} />
          </span>
          <span className="media-badge media-badge--language">
            <span className="visually-hidden">{t('study.language')}: </span>
            {item.language.title}
          </span>
        </p>
      }
    />
  );
}

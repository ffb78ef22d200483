import type { webinarsLoader } from './loaders.server.ts';
import { useId } from 'react';
import { useLoaderData } from 'react-router';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { WebinarCard } from './WebinarCard.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';

/** Upcoming webinars (first page only, soonest first), then past ones (latest first, paginated). */
export function WebinarsPage() {
  const { upcoming, past, meta } = useLoaderData<typeof webinarsLoader>();
  const { t } = useI18n();
  const upcomingId = useId();
  const pastId = useId();
  const title = t('study.webinars.title');
  const firstPage = meta.current_page === 1;
  return (
    <div className="container page study-list webinars-page">
      <Seo title={listTitle(t, title, meta)} description={t('study.webinars.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('study.webinars.description')} />
      {firstPage ? (
        <section className="webinars-block webinars-block--upcoming" aria-labelledby={upcomingId}>
          <h2 id={upcomingId} className="webinars-block__title">
            {t('study.webinars.upcoming')}
          </h2>
          {upcoming.length === 0 ? (
            <EmptyState>{t('study.webinars.noUpcoming')}</EmptyState>
          ) : (
            <CardGrid>
              {upcoming.map((w) => (
                <WebinarCard key={w.id} item={w} />
              ))}
            </CardGrid>
          )}
        </section>
      ) : null}
      <section className="webinars-block webinars-block--past" aria-labelledby={pastId}>
        <h2 id={pastId} className="webinars-block__title">
          {firstPage ? t('study.webinars.past') : listTitle(t, t('study.webinars.past'), meta)}
        </h2>
        {past.length === 0 ? (
          <ListEmpty meta={meta} text={t('study.webinars.noPast')} />
        ) : (
          <CardGrid>
            {past.map((w) => (
              <WebinarCard key={w.id} item={w} />
            ))}
          </CardGrid>
        )}
        <Pagination meta={meta} />
      </section>
    </div>
  );
}

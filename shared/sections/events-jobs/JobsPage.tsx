import { listTitle } from '../../ui/list-title.ts';
import type { jobsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import type { JobsData } from './loaders.server.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { DetailFact } from '../../ui/DetailPage.tsx';
import { FilterForm } from '../../ui/FilterForm.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

/** One opportunity, addressable as `/news/jobs#{slug}` (search results link there). */
function Job({ job, today }: { job: JobsData['items'][number]; today: string }) {
  const { t } = useI18n();
  const closed = job.deadline !== null && job.deadline < today;
  return (
    <article id={job.slug} className={`job${closed ? ' job--closed' : ''}`} aria-labelledby={`${job.slug}-title`}>
      <div className="job__top">
        <span className="job__category">{job.category.title}</span>
        <span className={`job__status ${closed ? 'job__status--closed' : 'job__status--open'}`}>
          {closed ? t('jobs.closed') : t('jobs.open')}
        </span>
      </div>
      <h2 id={`${job.slug}-title`} className="job__title">
        {job.title}
      </h2>
      {job.excerpt ? <p className="job__excerpt">{job.excerpt}</p> : null}
      <dl className="job__facts">
        {job.organization ? <DetailFact label={t('jobs.organization')}>{job.organization}</DetailFact> : null}
        {job.location ? <DetailFact label={t('jobs.location')}>{job.location}</DetailFact> : null}
        <DetailFact label={t('jobs.deadline')}>
          {job.deadline ? (
            <time dateTime={job.deadline} className={closed ? 'job__deadline is-closed' : 'job__deadline'}>
              {job.deadlineText}
            </time>
          ) : (
            t('jobs.noDeadline')
          )}
        </DetailFact>
        <DetailFact label={t('jobs.published')}>
          <time dateTime={job.published_at}>{job.publishedText}</time>
        </DetailFact>
      </dl>
      <details className="job__details">
        <summary>{t('jobs.more')}</summary>
        <RichText html={job.body} />
      </details>
    </article>
  );
}

export function JobsPage() {
  const { categories, category, items, meta, today } = useLoaderData<typeof jobsLoader>();
  const { t } = useI18n();
  const current = categories.find((c) => c.slug === category);
  const heading = current ? `${t('jobs.title')}: ${current.title}` : t('jobs.title');
  const title = listTitle(t, heading, meta);
  return (
    <div className="container page jobs">
      <Seo title={title} description={t('jobs.description')} />
      <PageHeader
        title={t('jobs.title')}
        crumbs={[{ title: t('news.title'), to: '/news' }, { title: t('jobs.title') }]}
        lead={t('jobs.count', { count: meta.totalText })}
      />
      <FilterForm
        key={category}
        fields={[
          {
            name: 'category',
            label: t('jobs.category'),
            value: category,
            options: categories.map((c) => ({ value: c.slug, label: c.title })),
          },
        ]}
      />
      {items.length === 0 ? (
        isPastEnd(meta) ? null : (
          <EmptyState>{t('jobs.empty')}</EmptyState>
        )
      ) : (
        <div className="jobs__list">
          {items.map((job) => (
            <Job key={job.id} job={job} today={today} />
          ))}
        </div>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

import { pluralKey } from '../../ui/media/plural.ts';
import { listTitle } from '../../ui/list-title.ts';
import type { databaseLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { FILE_FILTERS } from './filters.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FileList } from '../../ui/files/FileList.tsx';
import { FilterForm, type FilterField } from '../../ui/FilterForm.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { dataset } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';

export function DatabasePage() {
  const { files, meta, filters, q, options } = useLoaderData<typeof databaseLoader>();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  const title = t('database.title');
  const seoTitle = listTitle(t, title, meta);
  const fields: FilterField[] = FILE_FILTERS.map((name) => ({
    name,
    label: t(`database.filter.${name}`),
    value: filters[name],
    options: options[name],
  }));
  return (
    <div className="container page database">
      <Seo title={seoTitle} description={t('database.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('database.lead')} />
      {/* a sample is not a dataset: only files with data are described as Datasets */}
      {files.some((f) => !f.sample) ? (
        <JsonLd data={files.filter((f) => !f.sample).map((file) => dataset(file, origin, locale))} />
      ) : null}
      <FilterForm fields={fields} search={{ name: 'q', value: q, label: t('database.search') }} collapsible />
      <p className="database__count" role="status">
        {t(pluralKey('database.count', locale, meta.total), { count: meta.totalText })}
      </p>
      {files.length === 0 ? (
        isPastEnd(meta) ? null : (
          <EmptyState>{t('database.empty')}</EmptyState>
        )
      ) : (
        <FileList files={files} label={t('files.list')} />
      )}
      <Pagination meta={meta} />
    </div>
  );
}

import { useLoaderData } from 'react-router';
import { FILE_FILTERS, type DatabaseData } from '../../../shared/routes/sections/resources.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FileList } from '../../components/files/FileList.tsx';
import { FilterForm, type FilterField } from '../../components/FilterForm.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { Seo } from '../../components/Seo.tsx';
import { useI18n } from '../../i18n.ts';

export function DatabasePage() {
  const { files, meta, filters, q, options } = useLoaderData() as DatabaseData;
  const { t, number } = useI18n();
  const title = t('database.title');
  const seoTitle = meta.current_page > 1 ? `${title} — ${t('pagination.page', { page: meta.current_page })}` : title;
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
      <FilterForm fields={fields} search={{ name: 'q', value: q, label: t('database.search') }} />
      <p className="database__count" role="status">
        {t('database.count', { count: number(meta.total) })}
      </p>
      {files.length === 0 ? (
        <EmptyState>{t('database.empty')}</EmptyState>
      ) : (
        <FileList files={files} label={t('files.list')} />
      )}
      <Pagination meta={meta} />
    </div>
  );
}

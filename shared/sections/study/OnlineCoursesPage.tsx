import type { onlineCoursesLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { COURSE_LEVELS } from './filters.ts';
import { FilterForm, type FilterField } from '../../ui/FilterForm.tsx';
import { ListEmpty } from '../../ui/media/ListEmpty.tsx';
import { listTitle } from '../../ui/list-title.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CourseCard } from './CourseCard.tsx';
import { CardGrid } from '../../ui/CardGrid.tsx';

export function OnlineCoursesPage() {
  const { items, meta, languages, filters } = useLoaderData<typeof onlineCoursesLoader>();
  const { t } = useI18n();
  const title = t('study.courses.title');
  const fields: FilterField[] = [
    {
      name: 'language',
      label: t('study.language'),
      value: filters.language,
      options: languages.map((l) => ({ value: l.code, label: l.title })),
    },
    {
      name: 'level',
      label: t('study.courses.level'),
      value: filters.level,
      options: COURSE_LEVELS.map((level) => ({ value: level, label: t(`study.level.${level}`) })),
    },
  ];
  return (
    <div className="container page study-list courses-page">
      <Seo title={listTitle(t, title, meta)} description={t('study.courses.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('study.courses.count', { count: meta.total })} />
      {/* keyed by the applied filters: a client navigation (reset link, back button) re-reads the selects' defaults */}
      <FilterForm key={`${filters.language}|${filters.level}`} fields={fields} />
      {items.length === 0 ? (
        <ListEmpty meta={meta} text={t('study.courses.empty')} />
      ) : (
        <CardGrid>
          {items.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </CardGrid>
      )}
      <Pagination meta={meta} />
    </div>
  );
}

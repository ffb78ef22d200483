import { ContentImage } from '../../ui/ContentImage.tsx';
import { DetailFact } from '../../ui/DetailPage.tsx';
import type { OnlineCourse } from '../../schemas/study.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

/**
 * One course. The article carries `id={slug}`: search results link to `/study/online-courses#{slug}`. Courses of the
 * sample content without a `url` say so instead of linking anywhere.
 */
export function CourseCard({ course }: { course: OnlineCourse }) {
  const { t } = useI18n();
  return (
    <article className="card course-card" id={course.slug}>
      <ContentImage image={course.image} className="card__image" />
      <div className="card__body course-card__body">
        <p className="card__date course-card__provider">
          <span className="visually-hidden">{t('study.courses.provider')}: </span>
          {course.provider}
        </p>
        <h2 className="card__title">{course.title}</h2>
        {course.excerpt ? <p className="card__excerpt">{course.excerpt}</p> : null}
        <dl className="course-card__facts">
          <DetailFact label={t('study.language')}>{course.language.title}</DetailFact>
          <DetailFact label={t('study.courses.level')}>
            <span className={`course-level course-level--${course.level}`}>{t(`study.level.${course.level}`)}</span>
          </DetailFact>
          <DetailFact label={t('study.duration')}>{course.duration}</DetailFact>
        </dl>
        <div className="course-card__action">
          {course.url ? (
            <a className="button course-card__link" href={course.url} target="_blank" rel="noopener noreferrer">
              {t('study.courses.open')}
              <span className="visually-hidden">{`: ${course.title} ${t('media.newTab')}`}</span>
              <span aria-hidden="true"> ↗</span>
            </a>
          ) : (
            <p className="course-card__sample">{t('study.courses.sample')}</p>
          )}
        </div>
      </div>
    </article>
  );
}

import { useI18n } from '../../i18n/use-i18n.ts';
import { SectionOverview } from '../../ui/SectionOverview.tsx';
import { COURSES_PATH, WEBINARS_PATH } from './WebinarCard.tsx';

/** `/study`: the section's online courses and webinars, one link each. */
export function StudyPage() {
  const { t } = useI18n();
  return (
    <SectionOverview
      title={t('study.title')}
      intro={t('study.intro')}
      entries={[
        { to: COURSES_PATH, title: t('study.courses.title'), text: t('study.courses.description') },
        { to: WEBINARS_PATH, title: t('study.webinars.title'), text: t('study.webinars.description') },
      ]}
    />
  );
}

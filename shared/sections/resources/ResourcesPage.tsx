import { useI18n } from '../../i18n/use-i18n.ts';
import { SectionOverview } from '../../ui/SectionOverview.tsx';

/** `/resources`: the file database, the monitoring methods, the tools and the WGMS glacier map, one link each. */
export function ResourcesPage() {
  const { t } = useI18n();
  return (
    <SectionOverview
      title={t('resources.title')}
      intro={t('resources.intro')}
      entries={[
        { to: '/resources/database', title: t('database.title'), text: t('database.description') },
        { to: '/resources/monitoring-methods', title: t('methods.title'), text: t('methods.description') },
        { to: '/resources/tools', title: t('tools.title'), text: t('tools.description') },
        { to: '/resources/tools/wgms', title: t('wgms.title'), text: t('wgms.lead') },
      ]}
    />
  );
}

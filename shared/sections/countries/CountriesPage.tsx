import { useLoaderData } from 'react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { SectionOverview } from '../../ui/SectionOverview.tsx';
import type { countriesLoader } from './loaders.server.ts';

export const COUNTRIES_PATH = '/countries';

/** `/countries`: a link to each country's profile with its excerpt. */
export function CountriesPage() {
  const { profiles } = useLoaderData<typeof countriesLoader>();
  const { t } = useI18n();
  return (
    <SectionOverview
      title={t('countries.title')}
      intro={t('countries.intro')}
      entries={profiles.map((p) => ({ to: `${COUNTRIES_PATH}/${p.slug}`, title: p.title, text: p.excerpt }))}
    />
  );
}

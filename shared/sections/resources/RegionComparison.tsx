import type { WgmsData, wgmsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { deferredUntilLoad } from '../../ui/deferred.tsx';
import { regionDataPath } from './region-comparison.ts';

type Translate = ReturnType<typeof useI18n>['t'];

/**
 * The comparison's chart, its code (the measured width, the pointer's readout) a chunk of its own fetched after the
 * load event (ADR 0102), so the map page's first load stays within its budget. Until then, and if it cannot load, the
 * chart is the server's SVG and its data table.
 */
const Chart = deferredUntilLoad<{ comparison: WgmsData['comparison'] }>({
  server: import.meta.env.SSR ? (await import('./charts/RegionComparisonChart.tsx')).RegionComparisonChart : undefined,
  load: () => import('./charts/RegionComparisonChart.tsx').then((module) => module.RegionComparisonChart),
  failure: 'the region comparison chart could not load; it stays as the server rendered it',
});

/**
 * How many glaciers the region's mean averages each year, as a sentence: the fewest and the most, and the years whose
 * mean is one glacier's alone (`Среднее … от 1 до 4; в 1999–2010 годах — только Центральный Туюксу.`). Null without
 * a mean.
 */
export function averagedText(t: Translate, comparison: WgmsData['comparison']): string | null {
  const { averaged, alone } = comparison;
  if (!averaged) return null;
  const range =
    averaged.min === averaged.max
      ? t('compare.averagedSame', { count: averaged.maxText })
      : t('compare.averaged', { min: averaged.minText, max: averaged.maxText });
  const runs = alone.map((run) =>
    t(run.single ? 'compare.alone.year' : 'compare.alone.years', { years: run.yearsText, name: run.name }),
  );
  return `${[range, ...runs].join('; ')}.`;
}

/**
 * The reference glaciers compared: the chart of their cumulative balances with its data table, what the region's
 * mean averages, the preliminary years, and the comparison's data as CSV and JSON (server/routes/region-data.ts).
 */
export function RegionComparison() {
  const { comparison } = useLoaderData<typeof wgmsLoader>();
  const { t, locale } = useI18n();
  if (comparison.glaciers.length === 0) return null;
  const base = LOCALE_INFO[locale].basename;
  const preliminary = comparison.preliminaryYears.join(', ');
  return (
    <section className="region-comparison" id="region-comparison" aria-labelledby="region-comparison-title">
      <h2 id="region-comparison-title">{t('compare.title')}</h2>
      <p>{t('compare.lead')}</p>
      <Chart comparison={comparison} />
      <p className="mb-chart__note" data-note="averaged">
        {averagedText(t, comparison)}
      </p>
      {comparison.gaps ? <p className="mb-chart__note">{t('compare.gaps')}</p> : null}
      {preliminary ? <p className="mb-chart__note">{t('compare.preliminaryNote', { years: preliminary })}</p> : null}
      <ul className="region-comparison__downloads">
        {(['csv', 'json'] as const).map((format) => (
          <li key={format}>
            <a
              href={base + regionDataPath(format)}
              download={`wgms-reference-cumulative.${format}`}
              type={format === 'csv' ? 'text/csv' : 'application/json'}
            >
              {t(`compare.data.${format}`)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

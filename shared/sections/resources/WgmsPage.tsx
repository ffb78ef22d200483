import type { wgmsLoader } from './loaders.server.ts';
import { lazy, useEffect, useRef } from 'react';
import { afterLoad } from '../../ui/idle.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { GlacierMap } from '../../ui/map/GlacierMap.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { glacierDatasets } from './structured-data.ts';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { GLACIER_PAGE, glacierPagePath, hasCoordinates } from '../../ui/map/glacier.ts';
import { keepNumberSign } from '../../ui/number-sign.ts';
import { GLACIER_DATA_BASE, glacierDataPath } from '../../glacier-data.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { payloadUrl } from '../../payload.ts';
import { pluralKey } from '../../ui/media/plural.ts';
import { SaveForOffline } from './SaveForOffline.tsx';
import { GlacierTable } from './GlacierTable.tsx';
import { averagedText, RegionComparison } from './RegionComparison.tsx';
import { regionDataPath } from './region-comparison.ts';

const loadPanel = () => import('./GlacierPanel.tsx');
/**
 * A chosen glacier's panel (its chart is most of the page's code): not part of the first load of the page with
 * nothing chosen; a deep link to a glacier hydrates it once its code has come (the server's panel shows meanwhile),
 * and after the load event the code is fetched anyway, so a choice made on the page shows its panel at once.
 */
const GlacierPanel = lazy(() => loadPanel().then((m) => ({ default: m.GlacierPanel })));

/**
 * Brings the glacier panel into view when the selection changes in the browser (a point or a table row far from
 * the panel was chosen); never on the first render, so a deep link keeps the browser's own scroll position.
 */
function useRevealOnChange(selected: string | null) {
  const panel = useRef<HTMLDivElement>(null);
  const previous = useRef(selected);
  useEffect(() => {
    if (previous.current === selected) return;
    previous.current = selected;
    const element = panel.current;
    if (!element || !selected) return;
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.top > window.innerHeight * 0.6) {
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    }
  }, [selected]);
  return panel;
}

/**
 * What "Save for offline" keeps: the page and the page of each glacier (documents and payloads, so both a link and a
 * click on the map work offline), the glacier list, the comparison of the reference glaciers and the CSV and JSON
 * files of each glacier that has a series.
 */
function offlineUrls(glaciers: readonly { slug: string; hasData: boolean }[], base: string, buildId: string): string[] {
  const page = `${base}${GLACIER_PAGE}`;
  const selections = ['', ...glaciers.map((g) => `?glacier=${encodeURIComponent(g.slug)}`)];
  return [
    ...selections.flatMap((search) => [page + search, payloadUrl(page, search, buildId)]),
    `${base}${GLACIER_DATA_BASE}.json`,
    base + regionDataPath('csv'),
    base + regionDataPath('json'),
    ...glaciers
      .filter((g) => g.hasData)
      .flatMap((g) => [base + glacierDataPath(g.slug, 'csv'), base + glacierDataPath(g.slug, 'json')]),
  ];
}

export function WgmsPage() {
  const { glaciers, hasDatasets, selected, detail, counts } = useLoaderData<typeof wgmsLoader>();
  const { t, locale } = useI18n();
  const { origin, buildId } = useRuntimeConfig();
  const panel = useRevealOnChange(selected);
  useEffect(() => afterLoad(() => void loadPanel(), { idle: true }), []);
  const title = t('wgms.title');
  return (
    <div className="container page wgms">
      <Seo title={title} description={t('wgms.description')} />
      <PageHeader
        title={title}
        crumbs={[{ title: t('tools.title'), to: '/resources/tools' }, { title }]}
        lead={t('wgms.lead')}
      />
      {hasDatasets ? <JsonLd data={glacierDatasets(glaciers, origin, locale)} /> : null}

      {glaciers.length > 0 ? (
        <section className="glacier-explorer" aria-labelledby="glacier-explorer-title">
          <h2 id="glacier-explorer-title" className="visually-hidden">
            {t('map.title')}
          </h2>
          <p className="glacier-explorer__counts" data-counts="">
            {t('map.block.count', counts)}
          </p>
          <div className="glacier-explorer__map">
            <GlacierMap glaciers={glaciers} selected={selected} />
            <UnmappedList selected={selected} />
          </div>
          <div className="glacier-explorer__panel" id="glacier-panel" ref={panel}>
            {detail ? (
              // no Suspense boundary of its own: the server's shell waits for it (the panel is in place in the HTML,
              // for readers without JavaScript too), and a deep link's hydration waits for its code
              <GlacierPanel key={detail.glacier.slug} detail={detail} closeTo={GLACIER_PAGE} />
            ) : (
              <>
                <RegionFiguresBlock />
                <p className="glacier-explorer__choose">{t('map.choose')}</p>
              </>
            )}
          </div>
        </section>
      ) : null}

      {/* the whole width, below the map and the panel: every column in view without a sideways scroll */}
      {detail ? null : <GlacierTable />}

      <RegionComparison />

      {glaciers.length > 0 ? (
        <SaveForOffline urls={offlineUrls(glaciers, LOCALE_INFO[locale].basename, buildId)} />
      ) : null}

      {detail ? <GlacierTable /> : null}
      <Explainers />
    </div>
  );
}

/** The glaciers the map cannot show (no coordinates), each a link that chooses it, with its country. */
function UnmappedList({ selected }: { selected: string | null }) {
  const { glaciers } = useLoaderData<typeof wgmsLoader>();
  const { t } = useI18n();
  const withoutCoordinates = glaciers.filter((g) => !hasCoordinates(g));
  return (
    <div className="glacier-explorer__unmapped">
      <h3 id="glacier-unmapped">{t('map.noCoords.title')}</h3>
      {withoutCoordinates.length === 0 ? (
        <p>{t('map.noCoords.empty')}</p>
      ) : (
        <ul aria-labelledby="glacier-unmapped">
          {withoutCoordinates.map((g) => (
            <li key={g.id}>
              <AppLink
                to={glacierPagePath(g.slug)}
                preventScrollReset
                aria-current={g.slug === selected ? 'true' : undefined}
              >
                {keepNumberSign(g.name)}
              </AppLink>{' '}
              <span className="glacier-explorer__country">({g.country})</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** What WGMS is and what a mass balance is. */
function Explainers() {
  const { t } = useI18n();
  return (
    <div className="wgms__explainers">
      <section className="wgms__explainer" aria-labelledby="wgms-about">
        <h2 id="wgms-about">{t('wgms.about.title')}</h2>
        <p>{t('wgms.about.p1')}</p>
        <p>{t('wgms.about.p2')}</p>
      </section>
      <section className="wgms__explainer" aria-labelledby="wgms-mass-balance">
        <h2 id="wgms-mass-balance">{t('wgms.mb.title')}</h2>
        <p>{t('wgms.mb.p1')}</p>
        <p>{t('wgms.mb.p2')}</p>
        <p>{t('wgms.mb.p3')}</p>
      </section>
    </div>
  );
}

/**
 * The region's headline figures, shown beside the map while no glacier is chosen: its counts, and from the comparison
 * of the reference glaciers, its last year's mean and cumulative mean (the sum of every year's mean since the first).
 */
function RegionFiguresBlock() {
  const { region, comparison } = useLoaderData<typeof wgmsLoader>();
  const { t, locale } = useI18n();
  const last = comparison.rows.at(-1);
  return (
    <section className="region-figures" aria-labelledby="region-figures-title">
      <h2 id="region-figures-title">{t('region.title')}</h2>
      <dl className="region-figures__list">
        <div className="region-figures__item" data-figure="glaciers">
          <dt>{t('region.glaciers')}</dt>
          <dd className="region-figures__value">
            <data value={region.glaciers}>{region.glaciersText}</data>
          </dd>
          <dd className="region-figures__note">{t('region.glaciersNote', { count: region.withSeriesText })}</dd>
        </div>
        {last ? (
          <>
            <BalanceFigure
              name="latest"
              label={t('region.latest', { year: last.year })}
              figure={{ value: last.value, text: last.valueText, preliminary: last.preliminary }}
              note={t('region.latestNote', { count: last.glaciersText, year: last.year })}
            />
            <BalanceFigure
              name="cumulative"
              label={t('region.cumulative', { from: comparison.from ?? '' })}
              figure={{ value: last.sum, text: last.sumText, preliminary: last.preliminary }}
              note={t('region.cumulativeNote', { to: last.year })}
              averaged={averagedText(t, comparison)}
            />
          </>
        ) : null}
      </dl>
      {region.reference > 0 ? (
        <p className="region-figures__foot">
          {t(pluralKey('region.reference', locale, region.reference), { count: region.referenceText })}
        </p>
      ) : null}
    </section>
  );
}

/** One balance figure of the region: its value in mm w.e., coloured as a loss or a gain, marked when preliminary. */
function BalanceFigure(props: {
  name: string;
  label: string;
  figure: { value: number; text: string; preliminary: boolean };
  note: string;
  /** how many glaciers the figure's yearly means average */
  averaged?: string | null;
}) {
  const { t } = useI18n();
  const { value, text, preliminary } = props.figure;
  return (
    <div className="region-figures__item" data-figure={props.name}>
      <dt>{props.label}</dt>
      <dd className="region-figures__value">
        <data value={value} className={value < 0 ? 'wgms__loss' : 'wgms__gain'}>
          {text}
        </data>
        {preliminary ? <span className="wgms__preliminary"> {t('region.preliminary')}</span> : null}
      </dd>
      <dd className="region-figures__note">{props.note}</dd>
      {props.averaged ? (
        <dd className="region-figures__note" data-note="averaged">
          {props.averaged}
        </dd>
      ) : null}
    </div>
  );
}

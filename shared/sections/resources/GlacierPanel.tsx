import type { ReactNode } from 'react';
import { NoValue } from '../../ui/NoValue.tsx';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { keepNumberSign } from '../../ui/number-sign.ts';
import type { WgmsData } from './loaders.server.ts';
import { type Citation, glacierDataPath, WGMS_TERMS_URL } from '../../glacier-data.ts';
import { WgmsCitation } from './WgmsCitation.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { LOCALE_INFO } from '../../locales.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pluralKey } from '../../ui/media/plural.ts';
import { MassBalanceChart } from './charts/MassBalanceChart.tsx';

type Detail = NonNullable<WgmsData['detail']>;

/** One of the glacier's facts: its label and its value, or that it has none. */
function Fact({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  const { t } = useI18n();
  return (
    <div className={wide ? 'glacier-panel__wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children ?? <NoValue text={t('glacier.noValue')} />}</dd>
    </div>
  );
}

/** The year a figure was surveyed in, after it (nothing when the data gives none). */
function SurveyYear({ year }: { year: number | null }) {
  const { t } = useI18n();
  if (year === null) return null;
  return <span className="glacier-panel__muted"> ({t('glacier.areaYear', { year })})</span>;
}

/** A citation, linked when it has a URL. */
function CitationLink({ citation: { text, url } }: { citation: Citation }) {
  if (!url) return <>{text}</>;
  return (
    <ExternalLink href={url} className="glacier-panel__url">
      {text}
    </ExternalLink>
  );
}

/** An elevation-change unit in the page's language with what it measures, or the data's text marked as English. */
function ElevationUnit({ period }: { period: Detail['elevationChange'][number] }) {
  const { t } = useI18n();
  const known = period.reading;
  return (
    <>
      {known ? (
        <span className="ec-list__unit">{t(`glacier.unit.${known.unit}`)}</span>
      ) : (
        <span className="ec-list__unit" lang="en">
          {period.unit}
        </span>
      )}{' '}
      <span className="ec-list__per-year">{t('glacier.ec.perYear')}</span>
      {known?.quantity ? <span className="ec-list__gloss"> ({t(`glacier.quantity.${known.quantity}`)})</span> : null}
    </>
  );
}

/**
 * Links to the glacier's series as CSV and JSON (server/routes/glacier-data.ts), with WGMS's terms; a glacier without
 * a series offers no file (it would be empty) and says so.
 */
function GlacierDataLinks({ slug, name, hasData }: { slug: string; name: string; hasData: boolean }) {
  const { t, locale } = useI18n();
  const base = LOCALE_INFO[locale].basename;
  return (
    <section className="glacier-panel__part glacier-panel__data" aria-labelledby="glacier-data-title">
      <h4 id="glacier-data-title">{t('glacier.data.title')}</h4>
      {hasData ? (
        <>
          <ul className="glacier-panel__downloads">
            {(['csv', 'json'] as const).map((format) => (
              <li key={format}>
                <a
                  href={base + glacierDataPath(slug, format)}
                  download={`wgms-${slug}.${format}`}
                  type={format === 'csv' ? 'text/csv' : 'application/json'}
                >
                  {t(`glacier.data.${format}`)}
                  <span className="visually-hidden"> — {name}</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="glacier-panel__muted">{t('glacier.data.note')}</p>
        </>
      ) : (
        <p className="glacier-panel__none">{t('glacier.data.none')}</p>
      )}
    </section>
  );
}

/** The annual mass balance: how many years, from when to when, and the chart with its data table; or that it has none. */
function MassBalance({ name, massBalance }: { name: string; massBalance: Detail['massBalance'] }) {
  const { t, locale } = useI18n();
  const series = massBalance?.series ?? [];
  const first = series[0];
  const last = series[series.length - 1];
  return (
    <section className="glacier-panel__part" aria-labelledby="glacier-mb-title">
      <h4 id="glacier-mb-title">{t('glacier.mb.title')}</h4>
      {massBalance && first && last ? (
        <>
          <p className="glacier-panel__muted">
            {t(pluralKey('glacier.mb.summary', locale, series.length), {
              count: series.length,
              from: first.year,
              to: last.year,
            })}
          </p>
          <MassBalanceChart name={name} chart={massBalance} />
        </>
      ) : (
        <p className="glacier-panel__none">{t('glacier.mb.none')}</p>
      )}
    </section>
  );
}

/** Where the panel's figures come from: WGMS with its citation and terms when there is a series, then each source. */
function GlacierSources({ detail }: { detail: Detail }) {
  const { t } = useI18n();
  const { massBalance, elevationCitations, locationSources } = detail;
  return (
    <section className="glacier-panel__part glacier-panel__sources" aria-labelledby="glacier-sources-title">
      <h4 id="glacier-sources-title">{t('glacier.sources.title')}</h4>
      {/* WGMS's release, its citation and terms where the glacier has its series; else only what it does have */}
      {massBalance ? (
        <>
          <p>{t('glacier.sources.wgms')}</p>
          <p className="glacier-panel__source-head">{t('glacier.sources.cite')}</p>
          <p>
            <WgmsCitation />
          </p>
          <p className="glacier-panel__muted">
            <ExternalLink href={WGMS_TERMS_URL}>{t('glacier.sources.terms')}</ExternalLink>
          </p>
        </>
      ) : (
        <p>{t('glacier.sources.noSeries')}</p>
      )}
      <SourceList heading={t('glacier.sources.mb')} citations={massBalance ? [massBalance.citation] : []} />
      <SourceList heading={t('glacier.sources.ec')} citations={elevationCitations} />
      <SourceList heading={t('glacier.studies.title')} citations={detail.findings.map((f) => f.citation)} />
      <SourceList
        heading={t('glacier.sources.coordinates')}
        citations={locationSources.coordinates ? [locationSources.coordinates] : []}
      />
      <SourceList heading={t('glacier.sources.area')} citations={locationSources.area ? [locationSources.area] : []} />
    </section>
  );
}

/** What geodetic studies found where they give no period to list (Fedchenko), each finding with its paper. */
function Findings({ findings }: { findings: Detail['findings'] }) {
  const { t } = useI18n();
  if (findings.length === 0) return null;
  return (
    <section className="glacier-panel__part glacier-panel__findings" aria-labelledby="glacier-studies-title">
      <h4 id="glacier-studies-title">{t('glacier.studies.title')}</h4>
      <ul className="ec-list">
        {findings.map((f) => (
          <li key={f.citation.text} className="ec-list__item">
            <p>{f.text}</p>
            <p className="ec-list__source">
              {t('glacier.studies.source')}:{' '}
              <span lang="en">
                <CitationLink citation={f.citation} />
              </span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The portal's own articles about the glacier, each by its title (nothing when it has none). */
function Articles({ articles }: { articles: Detail['articles'] }) {
  const { t } = useI18n();
  if (articles.length === 0) return null;
  return (
    <section className="glacier-panel__part glacier-panel__articles" aria-labelledby="glacier-articles-title">
      <h4 id="glacier-articles-title">{t('glacier.articles.title')}</h4>
      <ul>
        {articles.map((a) => (
          <li key={a.path}>
            <AppLink to={a.path}>{a.title}</AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The selected glacier: facts, the annual mass-balance chart (with its data table), the geodetic elevation-change
 * periods and the sources, every figure as the content API gives it, in its quantity's one precision (the loader's
 * text).
 */
export function GlacierPanel({ detail, closeTo }: { detail: Detail; closeTo: string }) {
  const { t } = useI18n();
  const { glacier, coordinatesText, massBalance, elevationChange } = detail;
  return (
    <section className="glacier-panel" aria-labelledby="glacier-panel-title" data-glacier={glacier.slug}>
      <div className="glacier-panel__head">
        <p className="glacier-panel__kicker">{t('glacier.panel')}</p>
        <h3 id="glacier-panel-title" className="glacier-panel__title">
          {keepNumberSign(glacier.name)}
        </h3>
        {glacier.reference ? <p className="glacier-panel__reference">{t('glacier.reference')}</p> : null}
        <AppLink to={closeTo} preventScrollReset className="glacier-panel__close">
          <span aria-hidden="true">×</span> {t('glacier.close')}
        </AppLink>
      </div>

      <dl className="glacier-panel__facts">
        <Fact label={t('glacier.country')}>{glacier.country}</Fact>
        <Fact label={t('glacier.coordinates')} wide>
          {coordinatesText ? t('glacier.coordinatesValue', coordinatesText) : null}
        </Fact>
        <Fact label={t('glacier.area')}>
          {glacier.areaText !== null ? (
            <>
              {t('glacier.areaValue', { area: glacier.areaText })}
              <SurveyYear year={glacier.areaYear} />
            </>
          ) : null}
        </Fact>
        {glacier.lengthText !== null ? (
          <Fact label={t('glacier.length')}>
            {t('glacier.lengthValue', { length: glacier.lengthText })}
            <SurveyYear year={glacier.lengthYear} />
          </Fact>
        ) : null}
        <Fact label={t('glacier.wgmsId')}>{glacier.wgmsId}</Fact>
        <Fact label={t('glacier.rgiId')}>{glacier.rgiId}</Fact>
      </dl>

      <MassBalance name={glacier.name} massBalance={massBalance} />

      {/* a glacier whose studies give findings, not periods, shows those instead of saying it has no period */}
      {elevationChange.length === 0 && detail.findings.length > 0 ? null : (
        <section className="glacier-panel__part" aria-labelledby="glacier-ec-title">
          <h4 id="glacier-ec-title">{t('glacier.ec.title')}</h4>
          {elevationChange.length === 0 ? (
            <p className="glacier-panel__none">{t('glacier.ec.none')}</p>
          ) : (
            <ul className="ec-list" aria-label={t('glacier.ec.caption')}>
              {elevationChange.map((p, i) => (
                <li key={i} className="ec-list__item">
                  <p className="ec-list__period">
                    <span className="visually-hidden">{t('glacier.ec.period')}: </span>
                    {p.period_start}–{p.period_end}
                  </p>
                  <p className="ec-list__value">
                    <span className="visually-hidden">{t('glacier.ec.value')}: </span>
                    <data value={p.value} className={p.value < 0 ? 'wgms__loss' : 'wgms__gain'}>
                      {p.valueText}
                    </data>
                    {p.uncertainty !== null ? (
                      <span className="ec-list__uncertainty">
                        {' '}
                        ± <data value={p.uncertainty}>{p.uncertaintyText}</data>
                      </span>
                    ) : null}{' '}
                    <ElevationUnit period={p} />
                  </p>
                  <p className="ec-list__source">
                    {t('glacier.ec.source')}:{' '}
                    <span lang="en">
                      <CitationLink citation={p.citation} />
                    </span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <Findings findings={detail.findings} />

      <Articles articles={detail.articles} />

      <GlacierDataLinks slug={glacier.slug} name={glacier.name} hasData={glacier.hasData} />

      <GlacierSources detail={detail} />
    </section>
  );
}

/** A titled list of the sources as citations (in English, the works' language), each once; nothing when none. */
function SourceList({ heading, citations }: { heading: string; citations: Citation[] }) {
  if (citations.length === 0) return null;
  return (
    <>
      <p className="glacier-panel__source-head">{heading}</p>
      <ul lang="en">
        {citations.map((c) => (
          <li key={`${c.text}\u0000${c.url}`}>
            <CitationLink citation={c} />
          </li>
        ))}
      </ul>
    </>
  );
}

import { useLoaderData } from 'react-router';
import { GLACIER_DATA_BASE, isPreliminary, PRELIMINARY_FROM_YEAR, WGMS_TERMS_URL } from '../../glacier-data.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { glacierPagePath } from '../../ui/map/glacier.ts';
import { keepNumberSign } from '../../ui/number-sign.ts';
import { NoValue } from '../../ui/NoValue.tsx';
import type { wgmsLoader } from './loaders.server.ts';
import { WgmsCitation } from './WgmsCitation.tsx';
import { ExternalLink } from './ExternalLink.tsx';

const WGMS_URL = 'https://wgms.ch';

/** The table's columns in order: what a reader looks for first (the glacier, its latest balance), then the rest. */
const TABLE_COLUMNS = [
  { key: 'name', num: false },
  { key: 'latest', num: true },
  { key: 'years', num: true },
  { key: 'area', num: true },
  { key: 'country', num: false },
  { key: 'wgmsId', num: true },
] as const;

/** The glaciers with their latest annual balance first (what a reader looks for), then the rest of their facts. */
export function GlacierTable() {
  const { glaciers, selected } = useLoaderData<typeof wgmsLoader>();
  const { t, locale } = useI18n();
  return (
    <section className="wgms__glaciers" aria-labelledby="wgms-table">
      <h2 id="wgms-table">{t('wgms.table.title')}</h2>
      {glaciers.length === 0 ? (
        <EmptyState>{t('wgms.empty')}</EmptyState>
      ) : (
        <>
          <p className="wgms__hint">{t('wgms.table.hint')}</p>
          <p className="wgms__scroll-hint" aria-hidden="true">
            {t('wgms.table.scrollHint')}
          </p>
          {/* focusable so keyboard users can scroll the table sideways on small screens */}
          <div className="table-scroll table-scroll--cue" role="region" aria-labelledby="wgms-caption" tabIndex={0}>
            <table className="data-table">
              <caption id="wgms-caption">{t('wgms.table.caption')}</caption>
              <thead>
                <tr>
                  {TABLE_COLUMNS.map(({ key, num }) => (
                    <th key={key} scope="col" className={num ? 'num' : undefined}>
                      {t(`wgms.col.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {glaciers.map((g) => {
                  const isSelected = g.slug === selected;
                  return (
                    <tr key={g.id} id={`glacier-${g.slug}`} className={isSelected ? 'is-selected' : undefined}>
                      <th scope="row">
                        <AppLink
                          to={glacierPagePath(g.slug)}
                          aria-current={isSelected ? 'true' : undefined}
                          preventScrollReset
                        >
                          {keepNumberSign(g.name)}
                        </AppLink>
                        {g.reference ? <ReferenceMark /> : null}
                        {isSelected ? <span className="wgms__selected">{t('wgms.selected')}</span> : null}
                      </th>
                      <td className="num">
                        {g.latest ? (
                          <>
                            <data value={g.latest.value} className={g.latest.value < 0 ? 'wgms__loss' : 'wgms__gain'}>
                              {g.latest.text}
                            </data>
                            <span className="wgms__year"> ({g.latest.year})</span>
                            {isPreliminary(g.latest.year) ? (
                              <span className="wgms__preliminary"> {t('wgms.table.preliminary')}</span>
                            ) : null}
                          </>
                        ) : (
                          <span className="wgms__none">{t('wgms.noSeries')}</span>
                        )}
                      </td>
                      <td className="num">{g.massBalanceYearsText}</td>
                      <td className="num">
                        {g.areaText === null ? (
                          <NoValue text={t('wgms.noValue')} />
                        ) : (
                          <>
                            {g.areaText}
                            {g.areaYear ? <span className="wgms__year"> ({g.areaYear})</span> : null}
                          </>
                        )}
                      </td>
                      <td>{g.country}</td>
                      <td className="num">{g.wgmsId ?? <NoValue text={t('wgms.noValue')} />}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {glaciers.some((g) => g.reference) ? <p className="wgms__note">{t('wgms.reference.legend')}</p> : null}
          {glaciers.some((g) => g.latest && isPreliminary(g.latest.year)) ? (
            <p className="wgms__note">{t('wgms.table.preliminaryNote', { year: PRELIMINARY_FROM_YEAR })}</p>
          ) : null}
        </>
      )}
      <p className="wgms__source">
        {t('wgms.source')}:{' '}
        <cite>
          <ExternalLink href={WGMS_URL}>{t('wgms.sourceName')}</ExternalLink>
        </cite>{' '}
        ({WGMS_URL.replace('https://', '')})
      </p>
      <p className="wgms__cite">
        {t('glacier.sources.cite')}: <WgmsCitation />{' '}
        <ExternalLink href={WGMS_TERMS_URL}>{t('glacier.sources.terms')}</ExternalLink>
      </p>
      <p className="wgms__data-index">
        <a href={`${LOCALE_INFO[locale].basename}${GLACIER_DATA_BASE}.json`} type="application/json">
          {t('wgms.dataIndex')}
        </a>
      </p>
    </section>
  );
}

/** A WGMS reference glacier's mark beside its name: a letter explained under the table, its words for screen readers. */
function ReferenceMark() {
  const { t } = useI18n();
  const words = t('wgms.reference.abbr');
  return (
    <span className="wgms__reference">
      {' '}
      <abbr title={words} aria-hidden="true">
        {t('wgms.reference.mark')}
      </abbr>
      <span className="visually-hidden">({words})</span>
    </span>
  );
}

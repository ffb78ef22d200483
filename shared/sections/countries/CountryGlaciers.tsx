import { useLoaderData } from 'react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { glacierPagePath } from '../../ui/map/glacier.ts';
import { keepNumberSign } from '../../ui/number-sign.ts';
import { ScrollTable } from '../../ui/ScrollTable.tsx';
import type { countryLoader } from './loaders.server.ts';

/**
 * The country's glaciers in the WGMS data, each linked to its panel on the WGMS page, with its latest annual balance
 * (year, value, preliminary or not). Nothing at all for a country with no glacier in the data: no empty table.
 */
export function CountryGlaciers() {
  const { glaciers } = useLoaderData<typeof countryLoader>();
  const { t } = useI18n();
  if (glaciers.length === 0) return null;
  return (
    <section className="country__glaciers" aria-labelledby="country-glaciers">
      <h2 id="country-glaciers">{t('countries.glaciers')}</h2>
      <p className="country__glaciers-hint">{t('countries.glaciers.hint')}</p>
      <ScrollTable
        id="country-glaciers-caption"
        caption={t('countries.glaciers.caption')}
        head={
          <>
            <th scope="col">{t('countries.glaciers.name')}</th>
            <th scope="col" className="num">
              {t('countries.glaciers.latest')}
            </th>
          </>
        }
      >
        {glaciers.map((g) => (
          <tr key={g.slug} id={`country-glacier-${g.slug}`}>
            <th scope="row">
              <AppLink to={glacierPagePath(g.slug)}>{keepNumberSign(g.name)}</AppLink>
            </th>
            <td className="num">
              {g.latest ? (
                <>
                  <data value={g.latest.value}>{g.latest.text}</data>
                  {g.latest.preliminary
                    ? ` (${g.latest.year}, ${t('countries.glaciers.preliminary')})`
                    : ` (${g.latest.year})`}
                </>
              ) : (
                t('countries.glaciers.noSeries')
              )}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </section>
  );
}

import type { ApiPort } from '../../api/api-port.ts';
import type { Glacier } from '../../schemas/glaciers.ts';
import { isPreliminary } from '../../glacier-data.ts';
import { latestText } from '../resources/wgms-text.server.ts';

/**
 * The glaciers of one country among those of the WGMS data the site publishes (`glaciers`), in the data's order,
 * each with its latest annual mass balance (year, value and its text; null for a glacier without a series, such as
 * Fedchenko) and whether that year's value is still preliminary. The series are the calls the WGMS page makes, so
 * the cache answers them once for both pages. A country with no glacier in the data gets an empty list.
 */
export async function countryGlaciers(api: ApiPort, glaciers: readonly Glacier[], countryCode: string) {
  const own = glaciers.filter((g) => g.country_code === countryCode);
  return Promise.all(
    own.map(async (g) => {
      const series =
        g.mass_balance_years > 0 ? (await api.get('massBalance', { params: { id: g.id } })).data.series : [];
      const newest = series.reduce<{ year: number; value: number } | null>(
        (found, p) => (found === null || p.year > found.year ? { year: p.year, value: p.value } : found),
        null,
      );
      const latest = latestText(newest, api.locale);
      return {
        slug: g.slug,
        name: g.name,
        wgmsId: g.wgms_id,
        latest: latest && { ...latest, preliminary: isPreliminary(latest.year) },
      };
    }),
  );
}

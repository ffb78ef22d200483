import type { LoaderFunctionArgs } from 'react-router';
import type { ApiPort } from '../../api/api-port.ts';
import { formatDate } from '../../i18n/format.server.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { apiContext } from '../../router/context.ts';
import { isSlug } from '../../router/params.ts';
import { listedFile } from '../../ui/files/file-size.server.ts';

/** The content API's largest page: the whole database in one call, or in a few. */
const PER_PAGE = 100;

/**
 * Every file of the database in the page's language. The spec has no call for one file, so a landing page finds its
 * file in the list answer (ADR 0126): each page of it is a cached upstream call, shared by every landing page.
 */
async function everyFile(api: ApiPort) {
  const first = await api.get('databaseFiles', { query: { page: 1, per_page: PER_PAGE } });
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.last_page - 1) }, (_, i) =>
      api.get('databaseFiles', { query: { page: i + 2, per_page: PER_PAGE } }),
    ),
  );
  return [first, ...rest].flatMap((answer) => answer.data);
}

/**
 * `/resources/database/{slug}`: one file of the database, its landing page (title, description, dates, coverage and
 * the glaciers its series come from, format and size, terms, citation, download). A slug the database does not have is a failed route validation: 404
 * with the page's layout.
 */
export async function datasetLoader({ context, params, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { slug } = params;
  if (!isSlug(slug)) throwValidationFailed(request);
  const file = (await everyFile(api)).find((f) => f.slug === slug);
  if (!file) throwValidationFailed(request);
  const { locale } = api;
  // the glaciers its series come from, each linked to its panel, their coordinates the Dataset's coverage (the
  // glacier index is the WGMS page's cached call)
  const index = file.glaciers.length > 0 ? (await api.get('glaciers')).data : [];
  const glaciers = file.glaciers.flatMap((s) =>
    index.filter((g) => g.slug === s).map((g) => ({ slug: s, name: g.name, lat: g.lat, lon: g.lon })),
  );
  return {
    glaciers,
    file: {
      ...listedFile(file, locale),
      publishedText: formatDate(locale, file.published_at),
      /** the years its series cover, as the page writes them («1957–2025»); null where not known */
      seriesText: file.series_years ? `${file.series_years.from}–${file.series_years.to}` : null,
    },
  };
}
export type DatasetData = Awaited<ReturnType<typeof datasetLoader>>;

import type { LoaderFunctionArgs } from 'react-router';
import type { z } from 'zod';
import type { ElevationChangeResponse, MassBalance } from '../../schemas/glaciers.ts';
import type { Query } from '../../api/calls.ts';
import type { Locale } from '../../constants.ts';
import { formatArea, formatNumber, withTotal } from '../../i18n/format.server.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { apiContext } from '../../router/context.ts';
import { pageParam, queryParam } from '../../router/params.ts';
import { listedFile } from '../../ui/files/file-size.server.ts';
import {
  citationLine,
  citePaper,
  elevationUnit,
  hasGlacierData,
  locationSources,
  publicSeries,
} from '../../glacier-data.ts';
import { FILE_FILTERS, type FileFilter, type FilterOption } from './filters.ts';
import { keepGlacierDatasets } from './structured-data.ts';
import { datasetLoader } from './dataset-loader.server.ts';
import { glacierCounts } from './region-figures.ts';
import { referenceComparison } from './region-comparison.ts';
import { regionComparisonText } from './region-comparison.server.ts';
import {
  coordinatesText,
  countsText,
  latestText,
  massBalanceText,
  periodText,
  regionText,
} from './wgms-text.server.ts';

export const DATABASE_FILES_PER_PAGE = 10;

/** One value per filter, in FILE_FILTERS' order (written out, so the compiler sees that none is missing). */
const perFilter = <V>(value: (name: FileFilter) => V): Record<FileFilter, V> => ({
  type: value('type'),
  year: value('year'),
  country: value('country'),
  tag: value('tag'),
  language: value('language'),
});

/**
 * `/resources/database`: files with filters, text search and pages. The upstream answers 422 to unknown filter
 * values, so a filter is passed on only when its value is one of the options. Without select filters in the URL
 * (the common case) the list and the five option lists go in one round of parallel calls; with them, the list waits
 * for the options (usually cache hits) to validate the values first.
 */
export async function databaseLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const page = pageParam(url);
  const q = queryParam(url);
  const requested = perFilter((name) => (url.searchParams.get(name) ?? '').trim());

  const optionsCall = Promise.all([
    api.get('databaseFileTypes'),
    api.get('databaseFileYears'),
    api.get('countries'),
    api.get('tags'),
    api.get('languages'),
  ]).then(([types, years, countries, tags, languages]): Record<FileFilter, FilterOption[]> => ({
    type: types.data.map((x) => ({ value: x.slug, label: x.title })),
    year: years.data.map((y) => ({ value: String(y), label: String(y) })),
    country: countries.data.map((x) => ({ value: x.slug, label: x.title })),
    tag: tags.data.map((x) => ({ value: x.slug, label: x.title })),
    language: languages.data.map((x) => ({ value: x.code, label: x.title })),
  }));

  const validFilters = (options: Record<FileFilter, FilterOption[]>) =>
    perFilter((name) => (options[name].some((o) => o.value === requested[name]) ? requested[name] : ''));

  const listCall = (filters: Record<FileFilter, string>) => {
    const query: Query = { page, per_page: DATABASE_FILES_PER_PAGE, q: q || undefined };
    for (const name of FILE_FILTERS)
      if (filters[name]) query[name] = name === 'year' ? Number(filters[name]) : filters[name];
    return api.get('databaseFiles', { query });
  };

  const hasSelectFilters = FILE_FILTERS.some((name) => requested[name] !== '');
  const empty = perFilter(() => '');
  const [options, list] = await Promise.all([
    optionsCall,
    hasSelectFilters ? optionsCall.then((o) => listCall(validFilters(o))) : listCall(empty),
  ]);

  return {
    files: list.data.map((file) => listedFile(file, api.locale)),
    meta: withTotal(list.meta, api.locale),
    /** the filter values actually applied ('' for unset or ignored ones) */
    filters: validFilters(options),
    q,
    options,
  };
}

/** `/resources/monitoring-methods`: every method, in the editors' order. */
export async function methodsLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const methods = await api.get('methods');
  return { methods: [...methods.data].sort((a, b) => a.position - b.position) };
}

/** `/resources/tools`: the interactive tools, in the editors' order. */
export async function toolsLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const tools = await api.get('interactiveTools');
  return { tools: [...tools.data].sort((a, b) => a.position - b.position) };
}

/**
 * `/resources/tools/wgms`: the Central Asian glaciers of the WGMS database on a map and in a table, with the latest
 * annual mass balance of each one that has a series (all series fetched in parallel). `?glacier={slug}` selects one
 * glacier: its mass-balance series and elevation-change periods are fetched in the same round (one Promise.all; the
 * cache coalesces the repeated mass-balance call). An unknown slug is a failed route validation: 404 with the page's
 * layout, like any other.
 */
export async function wgmsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const { locale } = api;
  const url = new URL(request.url);
  const [glaciers, countries] = await Promise.all([api.get('glaciers'), api.get('countries')]);
  const glacierParam = url.searchParams.get('glacier');
  const chosen = glacierParam ? (glaciers.data.find((g) => g.slug === glacierParam) ?? null) : null;
  if (glacierParam && !chosen) throwValidationFailed(request);
  const withSeries = glaciers.data.filter((g) => g.mass_balance_years > 0);
  const withPeriods = glaciers.data.filter((g) => g.elevation_change_periods > 0);
  const [balances, periods, detail] = await Promise.all([
    Promise.all(withSeries.map((g) => api.get('massBalance', { params: { id: g.id } }))),
    // the papers of the geodetic periods: the Datasets cite them (the cache coalesces the chosen glacier's call)
    Promise.all(withPeriods.map((g) => api.get('elevationChange', { params: { id: g.id } }))),
    chosen
      ? Promise.all([
          api.find('massBalance', { params: { id: chosen.id } }),
          api.find('elevationChange', { params: { id: chosen.id } }),
          // the portal's own articles about it: their titles link to them (one gone is left out)
          Promise.all(chosen.articles.map((a) => api.find('newsItem', { params: { slug: a.slug } }))),
        ])
      : null,
  ]);
  // one pass over each series: its latest point and its first year
  const spanById = new Map(
    balances.map(({ data }) => {
      let latest: { year: number; value: number } | null = null;
      let first: number | null = null;
      for (const point of data.series) {
        if (latest === null || point.year > latest.year) latest = { year: point.year, value: point.value };
        if (first === null || point.year < first) first = point.year;
      }
      return [data.glacier_id, { latest, first }] as const;
    }),
  );
  const papersById = new Map(
    periods.map(({ data }) => [
      data.glacier_id,
      publicSeries(null, data.periods, data.papers).elevationCitations.map(citationLine),
    ]),
  );
  const countryTitle = new Map(countries.data.map((c) => [c.code, c.title]));
  const rows = glaciers.data.map((g) => ({
    id: g.id,
    slug: g.slug,
    name: g.name,
    country: countryTitle.get(g.country_code) ?? g.country_code,
    wgmsId: g.wgms_id,
    rgiId: g.rgi_id,
    lat: g.lat,
    lon: g.lon,
    areaKm2: g.area_km2,
    areaText: g.area_km2 === null ? null : formatArea(locale, g.area_km2),
    areaYear: g.area_year,
    coordinatesSource: g.coordinates_source,
    /** one of WGMS's reference glaciers: marked on the map and in the table */
    reference: g.wgms_reference,
    lengthText: g.length_km === null ? null : formatNumber(locale, g.length_km),
    lengthYear: g.length_year,
    massBalanceYearsText: formatNumber(locale, g.mass_balance_years),
    /** a series to download (CSV, JSON) */
    hasData: hasGlacierData(g),
    latest: latestText(spanById.get(g.id)?.latest ?? null, locale),
  }));
  // the Datasets' glaciers and years, for the server's JSON-LD only: not in the data the browser hydrates with
  const withData = rows.filter((r) => r.hasData);
  keepGlacierDatasets(
    rows,
    withData.map((r) => ({
      ...r,
      firstYear: spanById.get(r.id)?.first ?? null,
      lastYear: spanById.get(r.id)?.latest?.year ?? null,
      papers: papersById.get(r.id) ?? [],
    })),
  );
  const comparison = referenceComparison(withSeries, balances);
  const selected = chosen ? (rows.find((r) => r.id === chosen.id) ?? null) : null;
  return {
    glaciers: rows,
    /** whether the page has a JSON-LD block of glacier Datasets (the browser hydrates the server's block as it is) */
    hasDatasets: withData.length > 0,
    selected: selected?.slug ?? null,
    /** how many glaciers, on the map, with a series, reference: the home page states the same counts */
    counts: countsText(glacierCounts(glaciers.data), locale).text,
    /** the region's headline figures, shown while no glacier is chosen */
    region: regionText(
      {
        // the glaciers WGMS has: one shown here without a WGMS id is not among them
        glaciers: glaciers.data.filter((g) => g.wgms_id !== null).length,
        withSeries: withSeries.length,
        reference: comparison.glaciers.length,
      },
      locale,
    ),
    /** the reference glaciers' cumulative balances side by side, and the region's mean with its glaciers each year */
    comparison: regionComparisonText(comparison, locale),
    /**
     * the selected glacier's figures as the content API gives them, each with its source as a citation, and each
     * period's unit as the page names it, read here once rather than on every render in the browser
     */
    detail:
      selected && detail
        ? {
            ...panelData(selected, locale, detail[0]?.data, detail[1]?.data),
            articles: detail[2].flatMap((a) => (a ? [{ path: `/news/${a.data.slug}`, title: a.data.title }] : [])),
          }
        : null,
  };
}
export type WgmsData = Awaited<ReturnType<typeof wgmsLoader>>;

/**
 * The glacier panel's data (shared/sections/resources/GlacierPanel.tsx): the figures as the content API gives them,
 * each with the source it came from — the WGMS release for the annual series (values of its newest year marked
 * preliminary), the paper of each geodetic period, the inventory for coordinates, WGMS's table for the area. The data's own notes and
 * provenance strings are for maintainers and never reach the page.
 */
function panelData<G extends Parameters<typeof locationSources>[0]>(
  glacier: G,
  locale: Locale,
  massBalance: MassBalance | undefined,
  elevation: z.output<typeof ElevationChangeResponse>['data'] | undefined,
) {
  const series = publicSeries(massBalance ?? null, elevation?.periods ?? [], elevation?.papers);
  const papers = elevation?.papers ?? [];
  return {
    glacier,
    coordinatesText: coordinatesText(glacier, locale),
    massBalance: series.massBalance && { ...series.massBalance, ...massBalanceText(series.massBalance.series, locale) },
    elevationChange: series.elevationChange.map((period) => ({
      ...periodText(period, locale),
      reading: elevationUnit(period.unit),
    })),
    elevationCitations: series.elevationCitations,
    /** what the geodetic studies found where they give no period to list, each with its paper (Fedchenko) */
    findings: (elevation?.findings ?? []).map((f) => {
      const paper = papers.find((p) => p.cited_as === f.cited_as);
      return { text: f.text, citation: paper ? citePaper(paper) : { text: f.cited_as, url: null } };
    }),
    /** the sources of its coordinates and of its area (null where it has none) */
    locationSources: locationSources(glacier),
  };
}

/** The section's overview: its strings are all it shows. */
export async function resourcesLoader() {
  return null;
}

export const loaders = {
  resources: resourcesLoader,
  'resources-database': databaseLoader,
  'resources-database-file': datasetLoader,
  'resources-monitoring-methods': methodsLoader,
  'resources-tools': toolsLoader,
  'resources-tools-wgms': wgmsLoader,
};

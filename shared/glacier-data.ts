/**
 * Glacier data downloads (server/routes/glacier-data.ts): the link the map panel and the WGMS page show, and the
 * citation and licence every file carries.
 */
import type { ElevationChange, Glacier, MassBalance } from './schemas/glaciers.ts';

export const GLACIER_DATA_BASE = '/data/glaciers';

/** `/data/glaciers/{slug}.csv` (locale-free; prefix `/en` for English names). */
export const glacierDataPath = (slug: string, format: 'csv' | 'json') =>
  `${GLACIER_DATA_BASE}/${encodeURIComponent(slug)}.${format}`;

/** Whether a glacier has a series to download (mass balance or elevation change): the downloads and their Datasets. */
export const hasGlacierData = (g: Pick<Glacier, 'mass_balance_years' | 'elevation_change_periods'>) =>
  g.mass_balance_years > 0 || g.elevation_change_periods > 0;

/** The citation WGMS asks for, with the database release the figures were taken from. */
export const WGMS_CITATION =
  'WGMS (2026): Fluctuations of Glaciers Database. World Glacier Monitoring Service (WGMS), Zurich, Switzerland. Release DOI-WGMS-FoG-2026-02-10.';
export const WGMS_LICENCE = 'CC BY 4.0';
export const WGMS_LICENCE_URL = 'https://creativecommons.org/licenses/by/4.0/';

/** Where WGMS lists the releases of the Fluctuations of Glaciers database (each with its DOI). */
export const WGMS_FOG_URL = 'https://wgms.ch/data_databaseversions/';
/** RGI Consortium (2017): Randolph Glacier Inventory 6.0, the inventory the centroids and areas refer to. */
export const RGI6_DOI_URL = 'https://doi.org/10.7265/N5-RGI-60';

/** A source for readers: the citation and where to read it. */
export interface Citation {
  text: string;
  url: string | null;
}

/**
 * A source as the data gives it (`https://… (Author et al. 2021, J. Glaciol.)`, or the path of the file in the
 * repository the record was taken from) as a citation for readers (ADR 0061): repository paths become the work they
 * hold (the WGMS FoG release, the RGI 6.0 centroids), URLs a link named by their note (or their host).
 */
export function citeSource(source: string): Citation {
  const release = /DOI-WGMS-FoG-(\d{4})-(\d{2})-(\d{2})/.exec(source);
  if (source.startsWith('github:') || source.startsWith('gitlab:')) {
    if (release)
      return {
        text: `WGMS (${release[1]}): Fluctuations of Glaciers Database, release ${release[1]}-${release[2]}-${release[3]}. World Glacier Monitoring Service, Zurich, Switzerland.`,
        url: WGMS_FOG_URL,
      };
    if (/rgi_wgms_links/i.test(source))
      return {
        text: 'RGI Consortium (2017): Randolph Glacier Inventory 6.0, glacier centroids linked to WGMS identifiers.',
        url: RGI6_DOI_URL,
      };
    const fog = /FoG (\d{4})/.exec(source);
    if (fog)
      return {
        text: `WGMS (${fog[1]}): Fluctuations of Glaciers Database (glacier area). World Glacier Monitoring Service, Zurich, Switzerland.`,
        url: WGMS_FOG_URL,
      };
    return { text: 'World Glacier Monitoring Service (WGMS), Fluctuations of Glaciers Database.', url: WGMS_FOG_URL };
  }
  const link = /https?:\/\/[^\s<>"]+/.exec(source);
  if (!link) return { text: source.trim(), url: null };
  // a closing bracket or sentence punctuation right after a URL belongs to the text
  const url = link[0].replace(/[).,;:]+$/, '');
  const rest = (source.slice(0, link.index) + source.slice(link.index + url.length)).trim();
  const note = /^\((.*)\)$/.exec(rest)?.[1] ?? rest;
  if (note) return { text: note, url };
  let host = url;
  try {
    host = new URL(url).host.replace(/^www\./, '');
  } catch {
    // not parsable: the URL itself names the link
  }
  return { text: host, url };
}

/** The citations of some sources, each once (two sources may cite the same work). */
export function uniqueCitations(sources: readonly string[]): Citation[] {
  return [...new Map(sources.map(citeSource).map((c) => [`${c.text}\u0000${c.url}`, c])).values()];
}

/** What an elevation-change figure measures, read from the unit text the data carries (`m w.e. (…)`). */
export type ElevationQuantity = 'geodeticMassBalance' | 'surfaceElevation' | 'thicknessChange';

/**
 * The unit of an elevation-change period as a unit and a quantity the page names in its own language
 * (`m w.e. (geodetic mass balance)` → `m w.e.` + geodetic mass balance); null for a unit the site does not know.
 */
export function elevationUnit(unit: string): { unit: 'm' | 'mWe'; quantity: ElevationQuantity | null } | null {
  const match = /^\s*(m w\.?\s?e\.?|m)\s*(?:\((.*)\))?\s*$/i.exec(unit);
  if (!match) return null;
  const base = match[1]?.toLowerCase() === 'm' ? 'm' : 'mWe';
  const gloss = (match[2] ?? '').toLowerCase();
  const quantity: ElevationQuantity | null = gloss.includes('mass balance')
    ? 'geodeticMassBalance'
    : gloss.includes('thickness')
      ? 'thicknessChange'
      : gloss.includes('elevation')
        ? 'surfaceElevation'
        : null;
  if (gloss && !quantity) return null;
  return { unit: base, quantity };
}

/**
 * Hosts in the WGMS record's source URLs that readers cannot open (a publisher's staging and internal CMS hosts) and
 * the public host that serves the same path. The record stays exactly as received (the content tests pin it); the
 * loader and the downloads pass every source through `publicSource` (ADR 0061).
 */
const PUBLIC_HOST: Record<string, string> = {
  'homsy-staging.cambridgecore.org': 'www.cambridge.org',
  'core-cms.prod.aop.cambridge.org': 'www.cambridge.org',
};
/** Hosts no reader should be sent to: staging, development, local. */
const PRIVATE_HOST = /(^|[.-])(staging|stage|dev|test|internal)([.-]|$)|^localhost$|^127\.|^10\.|^192\.168\.|\.local$/i;

/** A source text with its URLs on public hosts: known ones moved to their public host, other private ones dropped. */
export function publicSource(text: string): string {
  return text
    .replace(/https?:\/\/([^/\s<>"]+)([^\s<>"]*)/g, (url, host: string, rest: string) => {
      const lower = host.toLowerCase().replace(/:\d+$/, '');
      const target = PUBLIC_HOST[lower];
      if (target) return `https://${target}${rest}`;
      return PRIVATE_HOST.test(lower) ? '' : url;
    })
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/**
 * A glacier's series as readers get them (the WGMS page's panel and the downloads): the mass balance by year, and
 * every source, of the series and of each elevation-change period, on public hosts (`publicSource`).
 */
export function publicSeries(massBalance: MassBalance | null, periods: readonly ElevationChange[]) {
  return {
    massBalance: massBalance
      ? {
          unit: massBalance.unit,
          series: [...massBalance.series].sort((a, b) => a.year - b.year),
          sources: massBalance.sources.map(publicSource),
        }
      : null,
    elevationChange: periods.map((p) => ({ ...p, source: publicSource(p.source) })),
  };
}

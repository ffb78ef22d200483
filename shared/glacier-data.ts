/**
 * Glacier data downloads (server/routes/glacier-data.ts): the link the map panel and the WGMS page show, and the
 * citation and licence every file carries.
 */
import type { Locale } from './constants.ts';
import type { ElevationChange, Glacier, MassBalance, Paper } from './schemas/glaciers.ts';

export const GLACIER_DATA_BASE = '/data/glaciers';

/** `/data/glaciers/{slug}.csv` (locale-free; prefix `/en` for English names). */
export const glacierDataPath = (slug: string, format: 'csv' | 'json') =>
  `${GLACIER_DATA_BASE}/${encodeURIComponent(slug)}.${format}`;

/** Whether a glacier has a series to download (mass balance or elevation change): the downloads and their Datasets. */
export const hasGlacierData = (g: Pick<Glacier, 'mass_balance_years' | 'elevation_change_periods'>) =>
  g.mass_balance_years > 0 || g.elevation_change_periods > 0;

/** The release of the WGMS Fluctuations of Glaciers database the figures were taken from, and its DOI. */
export const WGMS_FOG_DOI = '10.5904/wgms-fog-2026-02-10';
export const WGMS_FOG_DOI_URL = `https://doi.org/${WGMS_FOG_DOI}`;
/** The citation WGMS asks for (the annual mass-balance series): with the release's DOI. */
export const WGMS_CITATION = `WGMS (2026): Fluctuations of Glaciers Database. World Glacier Monitoring Service (WGMS), Zurich, Switzerland. ${WGMS_FOG_DOI_URL}`;
/**
 * WGMS's terms for the database: no licence of its own (neither CC BY nor another), open access under the
 * requirement of correct citation. Downloads state them as they are.
 */
export const WGMS_TERMS = 'Open access under the requirement of correct citation (WGMS data policy)';
/** WGMS's terms in the words of each locale (the Russian ones the site's pages use): downloads and Datasets. */
export const WGMS_TERMS_TEXT: Record<Locale, string> = {
  ru: 'Открытый доступ при условии корректной ссылки на источник (политика WGMS в отношении данных)',
  en: WGMS_TERMS,
};
export const WGMS_TERMS_URL = 'https://wgms.ch/data-policy/';

/**
 * The newest hydrological year of a release is preliminary in WGMS's terms (reported early, often revised in the next
 * release): in the 2026 release, the values of 2025.
 */
export const PRELIMINARY_FROM_YEAR = 2025;
export const isPreliminary = (year: number) => year >= PRELIMINARY_FROM_YEAR;

/** RGI Consortium (2017): the inventory whose outlines' centroids are the glaciers' coordinates. */
export const RGI6_DOI_URL = 'https://doi.org/10.7265/N5-RGI-60';
export const RGI_CITATION =
  'RGI Consortium (2017): Randolph Glacier Inventory – A Dataset of Global Glacier Outlines, Version 6.0. NSIDC: National Snow and Ice Data Center, Boulder, Colorado, USA.';

/** A source for readers: the work and where to read it. Bibliographic text: in the work's language (English). */
export interface Citation {
  text: string;
  url: string | null;
}

/** The WGMS release, as the citation of every annual mass-balance value. */
export const WGMS_SOURCE: Citation = { text: WGMS_CITATION.replace(` ${WGMS_FOG_DOI_URL}`, ''), url: WGMS_FOG_DOI_URL };
/** The inventory, as the citation of coordinates (the centroid of the glacier's RGI 6.0 outline). */
export const RGI_SOURCE: Citation = { text: RGI_CITATION, url: RGI6_DOI_URL };
/**
 * The release of the WGMS database the glaciers' areas were read from: the area its mass-balance table gives for the
 * year shown beside it (not RGI's outline, whose area is another figure and of another year).
 */
export const WGMS_AREA_SOURCE: Citation = {
  text: 'WGMS (2021): Fluctuations of Glaciers Database. World Glacier Monitoring Service (WGMS), Zurich, Switzerland.',
  url: 'https://doi.org/10.5904/wgms-fog-2021-05',
};
/** Where the position of a glacier without an RGI outline comes from (Fedchenko): its Wikidata item. */
export const WIKIDATA_SOURCE: Citation = { text: 'Wikidata', url: 'https://www.wikidata.org/' };
/**
 * Where the position of a glacier whose outline centroid is not to hand comes from: the point its GLIMS glacier id
 * names (`G{lon}E{lat}N`, to 0.001°), as WGMS's glacier lookup table of the same release gives the id.
 */
export const GLIMS_ID_SOURCE: Citation = {
  text: 'WGMS (2021): Fluctuations of Glaciers Database, glacier identifier lookup table (the point of the GLIMS glacier ID). World Glacier Monitoring Service (WGMS), Zurich, Switzerland.',
  url: 'https://doi.org/10.5904/wgms-fog-2021-05',
};
const COORDINATE_SOURCES = { rgi: RGI_SOURCE, wikidata: WIKIDATA_SOURCE, glims: GLIMS_ID_SOURCE } as const;

/**
 * The sources of a glacier's coordinates and of its area, each the one the figure came from, or null where the
 * glacier has no such figure: coordinates are those the record says it took (`coordinatesSource`), else the centroid
 * of its RGI 6.0 outline when it has one, else its Wikidata item's position; areas are WGMS's (`WGMS_AREA_SOURCE`).
 */
export function locationSources(g: {
  rgiId: string | null;
  lat: number | null;
  lon: number | null;
  areaKm2: number | null;
  coordinatesSource?: 'rgi' | 'wikidata' | 'glims' | null;
}): { coordinates: Citation | null; area: Citation | null } {
  const from = g.coordinatesSource ?? (g.rgiId !== null ? 'rgi' : 'wikidata');
  return {
    coordinates: g.lat === null || g.lon === null ? null : COORDINATE_SOURCES[from],
    area: g.areaKm2 === null ? null : WGMS_AREA_SOURCE,
  };
}

/** A paper as its source string names it: `(Kapitsa et al. 2020, Front. Earth Sci.)`, `(abstract of Denzinger et al. 2021)`. */
const PAPER_NOTE = /^(?:abstract of\s+)?([A-Z][\p{L}'-]+(?: et al\.?| and [A-Z][\p{L}'-]+)?)\s+(\d{4})(?:,\s*(.+))?$/u;

/** Hosts that serve a copy or an abstract of a paper, not the paper: never the link of a citation. */
const SECONDARY_HOST = /(^|\.)(studylib\.net|acemap\.info|researchgate\.net)$/i;

/** A DOI a publisher's URL carries (Frontiers: `/articles/10.3389/…/full`). */
const doiIn = (url: string) => /\/(10\.\d{4,9}\/[^/?#\s]+)/.exec(url)?.[1];

/** The note beside a source's URL, without its brackets: `(Kapitsa et al. 2020, Front. Earth Sci.)` → `Kapitsa …`. */
const noteOf = (source: string, url: string | undefined) =>
  (url ? source.replace(url, '') : source)
    .trim()
    .replace(/^\((.*)\)$/, '$1')
    .trim();

const urlIn = (source: string) => /https?:\/\/[^\s<>"]+/.exec(source)?.[0]?.replace(/[).,;:]+$/, '');

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
};

/**
 * The papers of some geodetic sources, as readers cite them: one per paper, however many of the sources name it (a
 * paper and its abstract on another host are one work), with no provenance note. A paper the glacier's record cites
 * (`papers`) is given whole, `Author et al. (year): Title. Journal volume, pages.`, linked to its DOI or to nothing;
 * another as its note names it (`Author et al. (year): Journal`), linked to its DOI or publisher, never to a copy on
 * a document-sharing host. A source naming no paper (a bare URL) is the paper another source with the same URL
 * names; else its host.
 */
export function paperCitations(sources: readonly string[], references: readonly Paper[] = []): Map<string, Citation> {
  const parsed = sources.map((raw) => {
    const source = publicSource(raw);
    const url = urlIn(source);
    return { raw, source, url, note: PAPER_NOTE.exec(noteOf(source, url)) };
  });
  const byUrl = new Map<string, string>();
  const papers = new Map<string, { author: string; year: string; journal?: string; urls: string[] }>();
  for (const { url, note } of parsed) {
    if (!note) continue;
    const [, author = '', year = '', journal] = note;
    const key = `${author} ${year}`;
    const paper = papers.get(key) ?? { author, year, urls: [] };
    paper.journal ??= journal?.trim();
    if (url) {
      paper.urls.push(url);
      byUrl.set(url, key);
    }
    papers.set(key, paper);
  }
  const cited = new Map<string, Citation>();
  for (const { raw, source, url, note: own } of parsed) {
    const key = (url && byUrl.get(url)) ?? (own ? `${own[1]} ${own[2]}` : undefined);
    const paper = key ? papers.get(key) : undefined;
    if (!paper) {
      cited.set(raw, { text: url ? hostOf(url).replace(/^www\./, '') : source, url: url ?? null });
      continue;
    }
    const reference = references.find((r) => r.cited_as === key);
    if (reference) {
      cited.set(raw, citePaper(reference));
      continue;
    }
    const primary = paper.urls.find((u) => !SECONDARY_HOST.test(hostOf(u)));
    const doi = paper.urls.map(doiIn).find((d) => d !== undefined);
    cited.set(raw, {
      text: `${paper.author} (${paper.year})${paper.journal ? `: ${paper.journal}` : ''}`,
      url: doi ? `https://doi.org/${doi}` : (primary ?? null),
    });
  }
  return cited;
}

/**
 * A paper the glacier's record cites, whole: `Author et al. (year): Title. Journal volume, pages.`, linked to its DOI
 * or to nothing (`cited_as` is `Author et al. YEAR`).
 */
export function citePaper(reference: Paper): Citation {
  const [, author = reference.cited_as, year = ''] = /^(.*)\s(\d{4})$/.exec(reference.cited_as) ?? [];
  const journal = reference.journal.endsWith('.') ? reference.journal : `${reference.journal}.`;
  return {
    text: `${author} (${year}): ${reference.title}. ${journal}`,
    url: reference.doi ? `https://doi.org/${reference.doi}` : null,
  };
}

/** A citation as one line of text: the work, then where to read it. */
export const citationLine = (c: Citation) => (c.url ? `${c.text} ${c.url}` : c.text);

/** Each citation once, in order. */
export const uniqueCitations = (citations: readonly Citation[]): Citation[] => [
  ...new Map(citations.map((c) => [`${c.text}\u0000${c.url}`, c])).values(),
];

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
 * A glacier's series as readers get them (the WGMS page's panel and the downloads): the annual mass balance by year,
 * each value marked preliminary or not, cited to the WGMS release; each elevation-change period with its value as
 * given and the paper it comes from as a citation (`paperCitations`, whole where the record cites the paper), and
 * those papers each once. The data's own provenance strings and notes are for maintainers and go no further.
 */
export function publicSeries(
  massBalance: MassBalance | null,
  periods: readonly ElevationChange[],
  references: readonly Paper[] = [],
) {
  const papers = paperCitations(
    periods.map((p) => p.source),
    references,
  );
  const elevationChange = periods.map(({ source, ...period }) => ({
    ...period,
    citation: papers.get(source) ?? { text: publicSource(source), url: null },
  }));
  return {
    // a glacier without annual values has no mass-balance source to cite
    massBalance:
      massBalance && massBalance.series.length > 0
        ? {
            unit: massBalance.unit,
            series: [...massBalance.series]
              .sort((a, b) => a.year - b.year)
              .map((point) => ({ year: point.year, value: point.value, preliminary: isPreliminary(point.year) })),
            citation: WGMS_SOURCE,
          }
        : null,
    elevationChange,
    /** the papers of the periods, each once, in order */
    elevationCitations: uniqueCitations(elevationChange.map((p) => p.citation)),
  };
}

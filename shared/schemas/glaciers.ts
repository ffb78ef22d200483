import { z } from 'zod';
import { dataList } from './common.ts';

/**
 * The upstream's glacier records also carry `notes` and `sources` (and each period a `note`): provenance for the
 * data's maintainers (ADR 0097). The schemas leave them out, so parsing drops them at the boundary and no page,
 * payload, API answer or download can pass them on.
 */
export const GlacierSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  country_code: z.string(),
  wgms_id: z.number().int().nullable(),
  /** designated by WGMS as a reference glacier */
  wgms_reference: z.boolean(),
  rgi_id: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  area_km2: z.number().nullable(),
  area_year: z.number().int().nullable(),
  /**
   * where the coordinates come from: the centroid of the RGI 6.0 outline, the Wikidata item, or the point a GLIMS id
   * in WGMS's glacier lookup table names; null (an upstream that does not say): RGI where the glacier has an RGI id,
   * else Wikidata
   */
  coordinates_source: z.enum(['rgi', 'wikidata', 'glims']).nullable().default(null),
  /** the glacier's length as WGMS's state table gives it for the survey year beside it */
  length_km: z.number().nullable().default(null),
  length_year: z.number().int().nullable().default(null),
  /** the portal's own articles about the glacier (a section and a slug: `news` → `/news/{slug}`) */
  articles: z.array(z.object({ section: z.enum(['news']), slug: z.string() })).default([]),
  mass_balance_years: z.number().int().nonnegative(),
  elevation_change_periods: z.number().int().nonnegative(),
});
export type Glacier = z.infer<typeof GlacierSchema>;
export const GlaciersResponse = dataList(GlacierSchema);

export const MassBalanceSchema = z.object({
  glacier_id: z.number().int(),
  unit: z.literal('mm w.e.'),
  series: z.array(z.object({ year: z.number().int(), value: z.number() })),
});
export type MassBalance = z.infer<typeof MassBalanceSchema>;
export const MassBalanceResponse = z.object({ data: MassBalanceSchema });

/**
 * A paper as readers cite it, for the geodetic periods whose source notes name it (`cited_as`: `Author et al. YEAR`):
 * its title, the journal with volume and pages where known, and its DOI where known.
 */
export const PaperSchema = z.object({
  cited_as: z.string(),
  title: z.string(),
  journal: z.string(),
  doi: z
    .string()
    .regex(/^10\.\d{4,9}\/\S+$/)
    .nullable(),
});
export type Paper = z.infer<typeof PaperSchema>;

export const ElevationChangeSchema = z.object({
  period_start: z.number().int(),
  period_end: z.number().int(),
  value: z.number(),
  unit: z.string(),
  uncertainty: z.number().nullable(),
  /** the paper the period comes from (with its URL): cited through paperCitations */
  source: z.string(),
});
export type ElevationChange = z.infer<typeof ElevationChangeSchema>;
export const ElevationChangeResponse = z.object({
  data: z.object({
    glacier_id: z.number().int(),
    periods: z.array(ElevationChangeSchema),
    /** the papers the periods' sources name, as readers cite them (an API without them: cited from the notes) */
    papers: z.array(PaperSchema).default([]),
    /**
     * what geodetic studies found for a glacier without glacier-wide rates to list as periods (Fedchenko): each
     * finding in the reader's language, cited to one of `papers`
     */
    findings: z.array(z.object({ cited_as: z.string(), text: z.string() })).default([]),
  }),
});

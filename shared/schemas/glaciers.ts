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
  }),
});

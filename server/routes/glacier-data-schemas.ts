import { z } from 'zod';

/**
 * The answers of the public data API (`/data/…`, ADR 0128): the schemas the routes shape their answers through and the
 * OpenAPI document (`/data/openapi.json`) is generated from. Each schema with an `id` is one component of the document.
 */

/**
 * The version of the data API: in the document (`info.version`), in every answer (`api_version`, the `API-Version`
 * header, a comment line of the CSV). Semantic versioning: a new field or operation is a minor version, a field
 * removed, renamed or changed in meaning a major one; the change log is in docs/data-api.md.
 */
export const DATA_API_VERSION = '1.0.0';

/** The schemas that are components of the document, by name. */
export const dataApiSchemas = z.registry<{ id: string }>();

export const ApiVersion = z.literal(DATA_API_VERSION).describe('The version of the data API this answer follows');
/** A glacier's slug as the paths take it: anything else is no glacier's. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SlugSchema = z
  .string()
  .regex(SLUG_PATTERN)
  .describe('The glacier’s slug: its path segment on the site and in the data API');

export const CitationSchema = z
  .object({
    text: z.string().describe('The work, as its authors publish it'),
    url: z.string().nullable().describe('Where to read it (its DOI where it has one); null where it has no address'),
  })
  .describe('A work a figure comes from, and where to read it')
  .register(dataApiSchemas, { id: 'Citation' });

export const TermsSchema = z
  .object({
    text: z.string().describe('WGMS’s terms, in the language of the path'),
    url: z.string().describe('WGMS’s data policy'),
  })
  .describe('The terms of use of the figures: WGMS’s, as WGMS states them')
  .register(dataApiSchemas, { id: 'Terms' });

export const WgmsCitation = z
  .string()
  .describe('The citation WGMS asks for: the release of the Fluctuations of Glaciers database, with its DOI');

export const GlacierListSchema = z
  .object({
    api_version: ApiVersion,
    citation: WgmsCitation,
    license: TermsSchema,
    glaciers: z.array(
      z.object({
        slug: SlugSchema,
        name: z.string().describe('In the language of the path'),
        wgms_id: z.number().int().nullable(),
        mass_balance_years: z.number().int().nonnegative(),
        elevation_change_periods: z.number().int().nonnegative(),
        has_series: z.boolean().describe('Whether the glacier has a series, so a file'),
        csv: z.string().nullable().describe('The URL of its CSV file; null without a series'),
        json: z.string().nullable().describe('The URL of its JSON file; null without a series'),
      }),
    ),
  })
  .describe('Every glacier of the map, with the files of those that have a series')
  .register(dataApiSchemas, { id: 'GlacierList' });

export const GlacierRecordSchema = z
  .object({
    api_version: ApiVersion,
    glacier: z.object({
      slug: SlugSchema,
      name: z.string().describe('In the language of the path'),
      country_code: z.string().describe('ISO 3166-1 alpha-2'),
      wgms_id: z.number().int().nullable(),
      rgi_id: z.string().nullable().describe('RGI 6.0 id'),
      lat: z.number().nullable().describe('Degrees north (WGS 84)'),
      lon: z.number().nullable().describe('Degrees east (WGS 84)'),
      area_km2: z.number().nullable(),
      area_year: z.number().int().nullable(),
      coordinates_source: CitationSchema.nullable(),
      area_source: CitationSchema.nullable(),
    }),
    mass_balance: z.object({
      description: z.string(),
      unit: z.literal('mm w.e.'),
      series: z.array(
        z.object({
          year: z.number().int().describe('Hydrological year (its end)'),
          value: z.number(),
          preliminary: z.boolean().describe('Reported early: WGMS may revise it in its next release'),
        }),
      ),
      preliminary_from_year: z.number().int(),
      source: CitationSchema.nullable().describe('The WGMS release; null without annual values'),
    }),
    elevation_change: z.object({
      description: z.string(),
      periods: z.array(
        z.object({
          period_start: z.number().int(),
          period_end: z.number().int(),
          value: z.number().describe('Mean rate over the period, in `unit`'),
          unit: z.string(),
          uncertainty: z.number().nullable(),
          source: CitationSchema.describe('The paper the period comes from'),
        }),
      ),
    }),
    citation: WgmsCitation,
    references: z.array(CitationSchema).describe('Every work the figures come from, each once'),
    license: TermsSchema,
    url: z.string().describe('The URL of this file'),
  })
  .describe('One glacier: both series, each figure’s source, citation and terms')
  .register(dataApiSchemas, { id: 'GlacierRecord' });
export type GlacierRecord = z.infer<typeof GlacierRecordSchema>;

/** The header row of a glacier's CSV table: one row per annual value (`mass_balance`) or geodetic period. */
export const CSV_COLUMNS: readonly string[] =
  'series,year,period_start,period_end,value,unit,uncertainty,preliminary,source'.split(',');

export const ErrorSchema = z
  .object({ statusCode: z.number().int(), error: z.string(), message: z.string() })
  .describe('A request the API has no answer for')
  .register(dataApiSchemas, { id: 'Error' });

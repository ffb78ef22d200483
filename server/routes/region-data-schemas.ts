import { z } from 'zod';
import { ApiVersion, dataApiSchemas, SlugSchema, TermsSchema, WgmsCitation } from './glacier-data-schemas.ts';

/** A year of a cumulative series: the year's balance, the sum up to it, and whether WGMS holds it preliminary. */
const year = {
  year: z.number().int(),
  annual_balance: z.number().describe('mm w.e.'),
  cumulative_balance: z.number().describe('mm w.e., the sum of the measured years up to this one'),
  preliminary: z.boolean().describe('Whether WGMS holds the year’s value preliminary'),
};

/** `/data/region/reference-cumulative.json`: the WGMS reference glaciers of Central Asia compared (ADR 0127). */
export const RegionComparisonSchema = z
  .object({
    api_version: ApiVersion,
    description: z.string().describe('What the file holds, in the language of the path'),
    unit: z.literal('mm w.e.'),
    preliminary_from_year: z.number().int().describe('The first year WGMS holds preliminary'),
    first_year: z.number().int(),
    last_year: z.number().int(),
    glaciers: z.array(
      z.object({
        slug: SlugSchema,
        name: z.string().describe('In the language of the path'),
        wgms_id: z.number().int().nullable(),
        data: z.string().describe('The URL of the glacier’s own JSON file'),
        series: z.array(z.object(year)).describe('Its measured years only: a year without a value is a gap'),
      }),
    ),
    reference_mean: z.object({
      description: z.string().describe('How the mean is taken, in the language of the path'),
      series: z.array(
        z.object({
          ...year,
          glaciers_averaged: z
            .number()
            .int()
            .positive()
            .describe('How many reference glaciers were measured that year'),
        }),
      ),
    }),
    citation: WgmsCitation,
    license: TermsSchema,
    url: z.string().describe('This file’s own URL'),
  })
  .describe('The cumulative mass balance of the WGMS reference glaciers side by side, and their mean by year')
  .register(dataApiSchemas, { id: 'RegionComparison' });

/** The header row of the comparison's CSV table: a row per glacier and year, then per year of the mean. */
export const REGION_CSV_COLUMNS: readonly string[] = [
  'series',
  'slug',
  'name',
  'wgms_id',
  'year',
  'annual_balance',
  'cumulative_balance',
  'glaciers_averaged',
  'unit',
  'preliminary',
];

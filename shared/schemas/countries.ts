import { z } from 'zod';
import { dataItem, dataList, EntrySchema, ImageSchema } from './common.ts';

export const CountryProfileSummarySchema = EntrySchema.extend({
  country_code: z.string(),
  image: ImageSchema.nullable(),
});
export const CountryProfileSchema = CountryProfileSummarySchema.extend({
  body: z.string(),
  facts: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
});
export const CountryProfilesResponse = dataList(CountryProfileSummarySchema);
export const CountryProfileResponse = dataItem(CountryProfileSchema);

import { z } from 'zod';
import { dataItem, dataList, EntrySchema, ImageSchema } from './common.ts';

export const CryosphereSchema = z.object({ title: z.string(), intro: z.string(), image: ImageSchema.nullable() });
export const CryosphereResponse = dataItem(CryosphereSchema);

export const CryosphereItemSchema = EntrySchema.extend({
  body: z.string(),
  image: ImageSchema.nullable(),
});

export const CryosphereSubpageSummarySchema = EntrySchema.extend({
  image: ImageSchema.nullable(),
  position: z.number().int(),
});
export const CryosphereSubpageSchema = CryosphereSubpageSummarySchema.extend({
  body: z.string(),
  items: z.array(CryosphereItemSchema).default([]),
});
export const CryosphereSubpagesResponse = dataList(CryosphereSubpageSummarySchema);
export const CryosphereSubpageResponse = dataItem(CryosphereSubpageSchema);

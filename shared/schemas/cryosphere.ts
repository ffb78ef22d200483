import { z } from 'zod';
import { dataItem, dataList, ImageSchema } from './common.ts';

export const CryosphereSchema = z.object({ title: z.string(), intro: z.string(), image: ImageSchema.nullable() });
export const CryosphereResponse = dataItem(CryosphereSchema);

export const CryosphereItemSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  image: ImageSchema.nullable(),
});
export type CryosphereItem = z.infer<typeof CryosphereItemSchema>;

export const CryosphereSubpageSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: ImageSchema.nullable(),
  position: z.number().int(),
});
export type CryosphereSubpageSummary = z.infer<typeof CryosphereSubpageSummarySchema>;
export const CryosphereSubpageSchema = CryosphereSubpageSummarySchema.extend({
  body: z.string(),
  items: z.array(CryosphereItemSchema).default([]),
});
export type CryosphereSubpage = z.infer<typeof CryosphereSubpageSchema>;
export const CryosphereSubpagesResponse = dataList(CryosphereSubpageSummarySchema);
export const CryosphereSubpageResponse = dataItem(CryosphereSubpageSchema);

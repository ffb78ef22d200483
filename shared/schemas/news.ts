import { z } from 'zod';
import { dataItem, dataList, EntrySchema, ImageSchema, paginated, TagRefSchema } from './common.ts';

export const NewsSummarySchema = EntrySchema.extend({
  published_at: z.string(),
  image: ImageSchema.nullable(),
  tags: z.array(TagRefSchema).default([]),
});
export type NewsSummary = z.infer<typeof NewsSummarySchema>;

export const NewsDetailSchema = NewsSummarySchema.extend({
  /** Rich text (HTML) from the CMS; sanitized by the BFF when it enters the cache. */
  body: z.string(),
  related: z.array(NewsSummarySchema).default([]),
});
export type NewsDetail = z.infer<typeof NewsDetailSchema>;

export const NewsListResponse = paginated(NewsSummarySchema);
export const NewsLatestResponse = dataList(NewsSummarySchema);
export const NewsDetailResponse = dataItem(NewsDetailSchema);

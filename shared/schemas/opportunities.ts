import { z } from 'zod';
import { dataList, EntrySchema, paginated, TagRefSchema } from './common.ts';

export const OpportunityCategorySchema = TagRefSchema;
export const OpportunityCategoriesResponse = dataList(OpportunityCategorySchema);

export const OpportunitySchema = EntrySchema.extend({
  body: z.string(),
  category: OpportunityCategorySchema,
  organization: z.string(),
  location: z.string(),
  deadline: z.string().nullable(),
  published_at: z.string(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;
export const OpportunitiesResponse = paginated(OpportunitySchema);

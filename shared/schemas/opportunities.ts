import { z } from 'zod';
import { dataList, paginated } from './common.ts';

export const OpportunityCategorySchema = z.object({ id: z.number().int(), slug: z.string(), title: z.string() });
export type OpportunityCategory = z.infer<typeof OpportunityCategorySchema>;
export const OpportunityCategoriesResponse = dataList(OpportunityCategorySchema);

export const OpportunitySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  category: OpportunityCategorySchema,
  organization: z.string(),
  location: z.string(),
  deadline: z.string().nullable(),
  published_at: z.string(),
});
export type Opportunity = z.infer<typeof OpportunitySchema>;
export const OpportunitiesResponse = paginated(OpportunitySchema);

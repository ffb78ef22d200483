import { z } from 'zod';
import { paginated } from './common.ts';

export const PartnerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  image: z.string(),
  position: z.number().int(),
});
export type Partner = z.infer<typeof PartnerSchema>;
export const PartnersResponse = paginated(PartnerSchema);

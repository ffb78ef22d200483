import { z } from 'zod';
import { dataList } from './common.ts';

export const FooterPartnerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  image: z.string(),
  position: z.number().int(),
});
export type FooterPartner = z.infer<typeof FooterPartnerSchema>;
export const FooterPartnersResponse = dataList(FooterPartnerSchema);

export const SocialNetworkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  image: z.string(),
  position: z.number().int(),
});
export type SocialNetwork = z.infer<typeof SocialNetworkSchema>;
export const SocialNetworksResponse = dataList(SocialNetworkSchema);

import { z } from 'zod';
import { dataList } from './common.ts';

/** Footer partners and social networks share one shape: a titled link with an image, ordered by position. */
const ImageLinkSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  image: z.string(),
  position: z.number().int(),
});

export const FooterPartnerSchema = ImageLinkSchema;
export const FooterPartnersResponse = dataList(FooterPartnerSchema);

export const SocialNetworkSchema = ImageLinkSchema;
export const SocialNetworksResponse = dataList(SocialNetworkSchema);

import { z } from 'zod';
import { dataList, ImageSchema } from './common.ts';

export const SliderSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  url: z.string().nullable(),
  image: ImageSchema,
  position: z.number().int(),
});
export const SlidersResponse = dataList(SliderSchema);

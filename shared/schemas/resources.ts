import { z } from 'zod';
import { dataItem, dataList, EntrySchema, ImageSchema } from './common.ts';

export const MethodSchema = EntrySchema.extend({
  body: z.string(),
  image: ImageSchema.nullable(),
  position: z.number().int(),
});
export const MethodsResponse = dataList(MethodSchema);

export const ToolSchema = EntrySchema.extend({
  url: z.string(),
  image: ImageSchema.nullable(),
  position: z.number().int(),
});
export const ToolsResponse = dataList(ToolSchema);

export const TeamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  organization: z.string(),
  bio: z.string(),
  photo: ImageSchema.nullable(),
  position: z.number().int(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamResponse = dataList(TeamMemberSchema);

export const AboutSchema = z.object({
  title: z.string(),
  body: z.string(),
  image: ImageSchema.nullable(),
  sample_notice: z.string(),
});
export const AboutResponse = dataItem(AboutSchema);

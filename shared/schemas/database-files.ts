import { z } from 'zod';
import { dataList, paginated, TagRefSchema } from './common.ts';
import { CountrySchema, LanguageSchema } from './taxonomy.ts';

export const FileTypeSchema = TagRefSchema;
export const FileTypesResponse = dataList(FileTypeSchema);

export const DatabaseFileSchema = TagRefSchema.extend({
  description: z.string(),
  type: FileTypeSchema,
  year: z.number().int(),
  country: CountrySchema.nullable(),
  language: LanguageSchema,
  tags: z.array(TagRefSchema).default([]),
  format: z.string(),
  size_bytes: z.number().int().nonnegative(),
  /** download URL (served by the content API's media path) */
  file_url: z.string(),
  published_at: z.string(),
  /** a demonstration file standing in for a document (it says so in the file): the listing marks it */
  sample: z.boolean().default(false),
  /** the first and last year of the glacier series a data file is made from (null: a sample, or not known) */
  series_years: z.object({ from: z.number().int(), to: z.number().int() }).nullable().default(null),
  /** the glaciers (slugs of the glacier index) whose series a data file is made from; none: a sample, or not known */
  glaciers: z.array(z.string()).default([]),
});
export type DatabaseFile = z.infer<typeof DatabaseFileSchema>;
export const DatabaseFilesResponse = paginated(DatabaseFileSchema);
export const DatabaseFileYearsResponse = z.object({ data: z.array(z.number().int()) });

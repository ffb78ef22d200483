import { z } from 'zod';
import { dataItem, EntrySchema, ImageSchema, paginated } from './common.ts';
import { LanguageSchema } from './taxonomy.ts';

export const OnlineCourseSchema = EntrySchema.extend({
  provider: z.string(),
  language: LanguageSchema,
  level: z.enum(['beginner', 'intermediate', 'advanced']),
  duration: z.string(),
  url: z.string().nullable(),
  image: ImageSchema.nullable(),
  position: z.number().int(),
});
export type OnlineCourse = z.infer<typeof OnlineCourseSchema>;
export const OnlineCoursesResponse = paginated(OnlineCourseSchema);

export const WebinarSummarySchema = EntrySchema.extend({
  starts_at: z.string(),
  duration_min: z.number().int(),
  language: LanguageSchema,
  image: ImageSchema.nullable(),
});
export type WebinarSummary = z.infer<typeof WebinarSummarySchema>;
export const WebinarSchema = WebinarSummarySchema.extend({
  body: z.string(),
  speakers: z.array(z.string()).default([]),
  /** Additive, optional: where to register for an upcoming webinar. */
  registration_url: z.string().nullable().default(null),
  /** Additive, optional: the published recording of a past webinar. */
  recording_url: z.string().nullable().default(null),
});
export const WebinarsResponse = paginated(WebinarSummarySchema);
export const WebinarResponse = dataItem(WebinarSchema);

import { z } from 'zod';
import { dataItem, EntrySchema, ImageSchema, paginated } from './common.ts';

export const EventSummarySchema = EntrySchema.extend({
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  location: z.string(),
  image: ImageSchema.nullable(),
});
export type EventSummary = z.infer<typeof EventSummarySchema>;
export const EventDetailSchema = EventSummarySchema.extend({
  body: z.string(),
  /** Additive, optional: where to register for the event. */
  registration_url: z.string().nullable().default(null),
});
export type EventDetail = z.infer<typeof EventDetailSchema>;

export const EventListResponse = paginated(EventSummarySchema);
export const EventDetailResponse = dataItem(EventDetailSchema);

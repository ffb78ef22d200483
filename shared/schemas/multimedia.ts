import { z } from 'zod';
import { dataItem, EntrySchema, ImageSchema, paginated } from './common.ts';

export const VideoSummarySchema = EntrySchema.extend({
  published_at: z.string(),
  duration_s: z.number().int(),
  poster: ImageSchema.nullable(),
  /**
   * Additive, optional: whether the recording can be watched. `available`: video_url or embed_url is set;
   * `in_preparation`: announced, not published yet (duration_s is the planned length); `withdrawn`: no longer shown.
   */
  state: z.enum(['available', 'in_preparation', 'withdrawn']).optional(),
  /** Additive, optional: one sentence for visitors on the state, in the request's locale. */
  state_note: z.string().optional(),
});
export type VideoSummary = z.infer<typeof VideoSummarySchema>;
export const VideoSchema = VideoSummarySchema.extend({
  body: z.string(),
  /** a playable file for a <video> element, or null */
  video_url: z.string().nullable(),
  /** an embeddable player URL, or null */
  embed_url: z.string().nullable(),
});
export const VideosResponse = paginated(VideoSummarySchema);
export const VideoResponse = dataItem(VideoSchema);

export const PhotoSchema = z.object({ image: ImageSchema, caption: z.string() });
export type Photo = z.infer<typeof PhotoSchema>;
export const PhotoGallerySummarySchema = EntrySchema.extend({
  published_at: z.string(),
  cover: ImageSchema.nullable(),
  photos_count: z.number().int().nonnegative(),
});
export type PhotoGallerySummary = z.infer<typeof PhotoGallerySummarySchema>;
export const PhotoGallerySchema = PhotoGallerySummarySchema.extend({ photos: z.array(PhotoSchema) });
export const PhotoGalleriesResponse = paginated(PhotoGallerySummarySchema);
export const PhotoGalleryResponse = dataItem(PhotoGallerySchema);

export const PodcastSummarySchema = EntrySchema.extend({
  published_at: z.string(),
  duration_s: z.number().int(),
  image: ImageSchema.nullable(),
  audio_url: z.string().nullable(),
});
export type PodcastSummary = z.infer<typeof PodcastSummarySchema>;
export const PodcastSchema = PodcastSummarySchema.extend({
  body: z.string(),
  speakers: z.array(z.string()).default([]),
});
export const PodcastsResponse = paginated(PodcastSummarySchema);
export const PodcastResponse = dataItem(PodcastSchema);

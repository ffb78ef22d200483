import { z } from 'zod';
import { dataList } from './common.ts';

export const FeedbackTypeSchema = z.object({ id: z.number().int(), title: z.string(), position: z.number().int() });
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>;
export const FeedbackTypesResponse = dataList(FeedbackTypeSchema);

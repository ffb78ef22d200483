import { z } from 'zod';
import { dataList } from './common.ts';

export const FeedbackTypeSchema = z.object({ id: z.number().int(), title: z.string(), position: z.number().int() });
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>;
export const FeedbackTypesResponse = dataList(FeedbackTypeSchema);

/**
 * A feedback submission (SPEC §3, §5): every field required, email valid, topic a number. Messages are translation
 * keys: form.errors.required, form.errors.invalidEmail, and form.errors.invalid as the generic default.
 */
const required = (schema: z.ZodString) => schema.trim().min(1, 'form.errors.required');
export const FeedbackSchema = z.object({
  name: required(z.string({ error: 'form.errors.required' })).max(200, 'form.errors.invalid'),
  email: required(z.string({ error: 'form.errors.required' }))
    .max(320, 'form.errors.invalid')
    .pipe(z.email('form.errors.invalidEmail')),
  feedback_type_id: z.coerce
    .number({ error: 'form.errors.required' })
    .int('form.errors.invalid')
    .positive('form.errors.required'),
  message: required(z.string({ error: 'form.errors.required' })).max(5000, 'form.errors.invalid'),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

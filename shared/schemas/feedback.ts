import { z } from 'zod';
import { dataList } from './common.ts';

/** The longest message a submission may carry (characters). */
export const FEEDBACK_MESSAGE_MAX = 5000;

export const FeedbackTypeSchema = z.object({ id: z.number().int(), title: z.string(), position: z.number().int() });
export type FeedbackType = z.infer<typeof FeedbackTypeSchema>;
export const FeedbackTypesResponse = dataList(FeedbackTypeSchema);

/**
 * A feedback submission (SPEC §3, §5): every field required, email valid, topic a number. Messages are translation
 * keys: form.errors.required, form.errors.invalidEmail, form.errors.tooLong, and form.errors.invalid as the generic
 * default.
 * Types are strict: the topic is a number or a string of digits (a form field), never `true` or `[2]`; the name, a
 * single line, refuses CR/LF (the email's syntax already does).
 */
const required = (schema: z.ZodString) => schema.trim().min(1, 'form.errors.required');
const singleLine = (value: string) => !/[\r\n]/.test(value);
export const FeedbackSchema = z.object({
  name: required(z.string({ error: 'form.errors.required' }))
    .max(200, 'form.errors.invalid')
    .refine(singleLine, 'form.errors.invalid'),
  email: required(z.string({ error: 'form.errors.required' }))
    .max(320, 'form.errors.invalid')
    .pipe(z.email('form.errors.invalidEmail')),
  feedback_type_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: 'form.errors.required' }).int('form.errors.invalid').positive('form.errors.required'),
  ),
  message: required(z.string({ error: 'form.errors.required' })).max(FEEDBACK_MESSAGE_MAX, 'form.errors.tooLong'),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

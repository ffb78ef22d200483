// first: jitless before the schemas below are built
import '../../zod-jitless.ts';
import { formErrorKey, type FeedbackField, type FormErrorKey } from '../../feedback.ts';
import { FeedbackSchema } from '../../schemas/feedback.ts';

/** The translation key of a field's first problem, or undefined when the value is valid (SPEC §5 rules). */
export function fieldError(field: FeedbackField, value: string): FormErrorKey | undefined {
  const result = FeedbackSchema.shape[field].safeParse(value);
  return result.success ? undefined : formErrorKey(result.error.issues[0]?.message);
}

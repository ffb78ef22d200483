import { describe, expect, it } from 'vitest';
import { FeedbackSchema } from '../../../../shared/schemas/feedback.ts';

describe('FeedbackSchema', () => {
  const base = { name: 'A', email: 'a@example.org', message: 'm' };

  it('says a message over the limit is too long', () => {
    const res = FeedbackSchema.safeParse({ ...base, feedback_type_id: 1, message: 'я'.repeat(5001) });
    expect(res.error?.issues.map((i) => i.message)).toEqual(['form.errors.tooLong']);
  });
});

import { describe, expect, it } from 'vitest';
import { submittedValues } from '../../../../server/routes/feedback.ts';

describe('submittedValues', () => {
  it('keeps every value the visitor sent, whole, for the form to show again', () => {
    expect(submittedValues({ name: 'A B', email: 'x', feedback_type_id: 2, message: 'hi', extra: 'no' })).toEqual({
      name: 'A B',
      email: 'x',
      feedback_type_id: '2',
      message: 'hi',
    });
    expect(submittedValues({ name: 'A', message: 'я'.repeat(6000) }).message).toHaveLength(6000);
  });
});

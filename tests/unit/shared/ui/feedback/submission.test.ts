import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_PENDING_ANSWER,
  FEEDBACK_PENDING_STATUS,
  feedbackOutcome,
  newIdempotencyKey,
} from '../../../../../shared/ui/feedback/submission.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../../../../shared/offline.ts';

const UUID_V4 = /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a random UUID where crypto.randomUUID exists (secure contexts)', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('is a v4 UUID made from getRandomValues where randomUUID is missing (non-secure contexts)', () => {
    const insecure = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(a) };
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(UUID_V4);
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    }
  });

  it('sets the version and variant bits whatever the random bytes', () => {
    const ones = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => a.fill(0xff) };
    expect(newIdempotencyKey(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    const zeros = { getRandomValues: (a: Uint8Array<ArrayBuffer>) => a };
    expect(newIdempotencyKey(zeros)).toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('feedbackOutcome', () => {
  it("reads the service worker's 202 answer as pending", () => {
    expect(FEEDBACK_PENDING_STATUS).toBe(202);
    expect(feedbackOutcome(JSON.parse(JSON.stringify(FEEDBACK_PENDING_ANSWER)))).toBe('pending');
  });

  it('reads success, queued or not, as success', () => {
    expect(feedbackOutcome({ status: 'success' })).toBe('success');
    expect(feedbackOutcome({ status: 'success', queued: true })).toBe('success');
  });

  it.each([[{ status: 'failed' }], [{ status: 'invalid', errors: {} }], [{}], [null], ['pending'], [[]]])(
    'reads %j as failed',
    (answer) => {
      expect(feedbackOutcome(answer)).toBe('failed');
    },
  );
});

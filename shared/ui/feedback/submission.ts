import type { FeedbackAnswer } from '../../feedback.ts';

/*
 * What the form's submission needs and nothing else: kept out of shared/feedback.ts, which the footer's button (a
 * first-load module) imports, so that this code loads with the form only.
 */

/** The service worker's answer to a post it keeps while the device is offline: `202` with this JSON body. */
export const FEEDBACK_PENDING_ANSWER = { status: 'pending' } as const satisfies FeedbackAnswer;
export const FEEDBACK_PENDING_STATUS = 202;

/** What a successful answer's JSON means to the form: taken, kept on the device to be sent later, or not taken. */
export function feedbackOutcome(answer: unknown): 'success' | 'pending' | 'failed' {
  if (typeof answer !== 'object' || answer === null || !('status' in answer)) return 'failed';
  if (answer.status === 'success') return 'success';
  if (answer.status === 'pending') return 'pending';
  return 'failed';
}

/** What `newIdempotencyKey` needs of Web Crypto (`randomUUID` is missing outside secure contexts). */
interface RandomSource {
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer>;
  randomUUID?: () => string;
}

/**
 * A new idempotency key for one submission (sent in the `Idempotency-Key` header on every delivery attempt): a random
 * UUID. `crypto.randomUUID` exists in secure contexts only (https, localhost); elsewhere one is made from
 * `crypto.getRandomValues`, which every context has.
 */
export function newIdempotencyKey(crypto: RandomSource = globalThis.crypto): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

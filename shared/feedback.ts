/** The feedback endpoint of the BFF: GET shows the page (form + result), POST receives the form. */
export const FEEDBACK_PATH = '/feedback';

/** Outcomes shown by the feedback page after a plain (no-JavaScript) post. */
export const FEEDBACK_STATUSES = ['success', 'failed', 'invalid'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** The JSON answer to a post from the browser: the BFF's, or the service worker's while the device is offline. */
export type FeedbackAnswer =
  | { status: 'success'; /** received and kept in the outbox; delivered to the upstream later */ queued?: true }
  | { status: 'failed' }
  | { status: 'invalid'; errors: Record<string, string[]> }
  /**
   * kept on this device by the service worker, sent when the device is online (with its `Idempotency-Key`, so a
   * repeated send is stored once); never sent by the server
   */
  | { status: 'pending' };

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
  getRandomValues(array: Uint8Array): Uint8Array;
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

/** The fields a plain (no-JavaScript) post carries back to the feedback page after a failure, to refill the form. */
export const FEEDBACK_FIELDS = ['name', 'email', 'feedback_type_id', 'message'] as const;

/** Field errors of a failed zod parse, keyed by field, as translation keys. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return errors;
}

/** The translation keys a feedback field error can be (the zod schema's messages). */
export const FORM_ERROR_KEYS = ['form.errors.required', 'form.errors.invalidEmail', 'form.errors.invalid'] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];

/** A schema message as a translation key; anything unexpected reads as the generic error. */
export const formErrorKey = (message: string | undefined): FormErrorKey =>
  FORM_ERROR_KEYS.find((key) => key === message) ?? 'form.errors.invalid';

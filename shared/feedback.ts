/** The feedback endpoint of the BFF: GET shows the page (form + result), POST receives the form. */
export const FEEDBACK_PATH = '/feedback';

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

/** The fields of the form, in its order. */
export const FEEDBACK_FIELDS = ['name', 'email', 'feedback_type_id', 'message'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/**
 * A plain (no-JavaScript) post that failed, as the feedback page shows it: answered by the page itself (never a
 * redirect with the values in its URL), with the visitor's values — the whole message, even one over the limit — and
 * the field errors (translation keys).
 */
export interface FeedbackSubmission {
  status: 'invalid' | 'failed';
  /** the HTTP status the page is answered with */
  httpStatus: number;
  values: Partial<Record<FeedbackField, string>>;
  errors: Partial<Record<FeedbackField, FormErrorKey>>;
}

/** Field errors of a failed zod parse, keyed by field, as translation keys. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[String(issue.path[0] ?? 'form')] ??= []).push(issue.message);
  return errors;
}

/** The translation keys a feedback field error can be (the zod schema's messages). */
export const FORM_ERROR_KEYS = [
  'form.errors.required',
  'form.errors.invalidEmail',
  'form.errors.tooLong',
  'form.errors.invalid',
] as const;
export type FormErrorKey = (typeof FORM_ERROR_KEYS)[number];

/** A schema message as a translation key; anything unexpected reads as the generic error. */
export const formErrorKey = (message: string | undefined): FormErrorKey =>
  FORM_ERROR_KEYS.find((key) => key === message) ?? 'form.errors.invalid';

import { data, type LoaderFunctionArgs } from 'react-router';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../feedback.ts';

/** Fields a failed plain post sends back in the query (server/routes/feedback.ts), so the form is refilled. */
const FIELDS = ['name', 'email', 'feedback_type_id', 'message'] as const;
const MAX_FIELD_LENGTH = 5000;

const isStatus = (value: string | null): value is FeedbackStatus =>
  FEEDBACK_STATUSES.some((status) => status === value);

/**
 * The feedback page: the form, and the outcome of a plain (no-JavaScript) post from `?status=`; after a failure, the
 * visitor's own values from the query.
 */
export async function feedbackLoader({ request }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams;
  const raw = query.get('status');
  const status = isStatus(raw) ? raw : null;
  const values =
    status === 'failed' || status === 'invalid'
      ? Object.fromEntries(FIELDS.map((field) => [field, (query.get(field) ?? '').slice(0, MAX_FIELD_LENGTH)]))
      : {};
  if (Object.keys(values).length === 0) return { status, values };
  // the visitor's own words (name, e-mail, message): never kept by a shared cache, the page cache or a service worker
  return data({ status, values }, { headers: { 'cache-control': 'private, no-store' } });
}

export const loaders = {
  feedback: feedbackLoader,
};

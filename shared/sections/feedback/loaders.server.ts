import { data, type LoaderFunctionArgs } from 'react-router';
import type { FeedbackSubmission } from '../../feedback.ts';
import { submissionContext } from '../../router/context.ts';

/** What the feedback page shows: a fresh form, the success of a plain post, or one that failed. */
export type FeedbackPageData =
  | { status: 'success' | null; values: FeedbackSubmission['values']; errors: FeedbackSubmission['errors'] }
  | (Omit<FeedbackSubmission, 'httpStatus'> & { status: 'invalid' | 'failed' });

/**
 * The feedback page: the form, and `?status=success` after a plain (no-JavaScript) post that succeeded. A plain post
 * that failed is answered by this page itself (server/routes/feedback.ts puts it in the router context): the
 * visitor's values and the errors, `private, no-store`, never in a URL and never kept by a cache or service worker.
 */
export async function feedbackLoader({ request, context }: LoaderFunctionArgs) {
  const submission = context.get(submissionContext);
  if (submission) {
    const { httpStatus, ...shown } = submission;
    return data<FeedbackPageData>(shown, { status: httpStatus, headers: { 'cache-control': 'private, no-store' } });
  }
  const status = new URL(request.url).searchParams.get('status') === 'success' ? 'success' : null;
  return data<FeedbackPageData>({ status, values: {}, errors: {} });
}

export const loaders = {
  feedback: feedbackLoader,
};

import { data, type LoaderFunctionArgs } from 'react-router';
import type { FeedbackSubmission } from '../../feedback.ts';
import { ABOUT_PARAM, type FeedbackAbout } from '../../feedback-about.ts';
import { apiContext, submissionContext } from '../../router/context.ts';
import { resolveAbout } from './about.server.ts';

/**
 * What the feedback page shows: a fresh form (about an event or webinar when `?about=` names one), the success of a
 * plain post, or one that failed.
 */
export type FeedbackPageData =
  | {
      status: 'success' | null;
      values: FeedbackSubmission['values'];
      errors: FeedbackSubmission['errors'];
      about: FeedbackAbout | null;
    }
  | (Omit<FeedbackSubmission, 'httpStatus'> & { status: 'invalid' | 'failed'; about: null });

/**
 * The feedback page: the form, and `?status=success` after a plain (no-JavaScript) post that succeeded. A plain post
 * that failed is answered by this page itself (server/routes/feedback.ts puts it in the router context): the
 * visitor's values and the errors, `private, no-store`, never in a URL and never kept by a cache or service worker.
 * `?about=event:<slug>` or `webinar:<slug>` (the «ask about taking part» link without JavaScript) starts the form
 * with its topic and the item's title and date.
 */
export async function feedbackLoader({ request, context }: LoaderFunctionArgs) {
  const submission = context.get(submissionContext);
  if (submission) {
    const { httpStatus, ...shown } = submission;
    return data<FeedbackPageData>(
      { ...shown, about: null },
      { status: httpStatus, headers: { 'cache-control': 'private, no-store' } },
    );
  }
  const search = new URL(request.url).searchParams;
  const status = search.get('status') === 'success' ? 'success' : null;
  const about = status ? null : await resolveAbout(context.get(apiContext), search.get(ABOUT_PARAM));
  return data<FeedbackPageData>({ status, values: {}, errors: {}, about });
}

export const loaders = {
  feedback: feedbackLoader,
};

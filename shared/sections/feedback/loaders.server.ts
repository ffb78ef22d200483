import type { LoaderFunctionArgs } from 'react-router';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../feedback.ts';

/** The feedback page: the form, and the outcome of a plain (no-JavaScript) post from `?status=`. */
export async function feedbackLoader({ request }: LoaderFunctionArgs) {
  const status = new URL(request.url).searchParams.get('status');
  return {
    status: (FEEDBACK_STATUSES as readonly string[]).includes(status ?? '') ? (status as FeedbackStatus) : null,
  };
}
export type FeedbackData = Awaited<ReturnType<typeof feedbackLoader>>;

export const loaders = {
  feedback: feedbackLoader,
};

import { createContext, RouterContextProvider } from 'react-router';
import type { ApiPort } from '../api/api-port.ts';
import type { FeedbackSubmission } from '../feedback.ts';

/** Router context key through which loaders reach the upstream (house style rule 14). */
export const apiContext = createContext<ApiPort>();

/** The current time for loaders ("upcoming", "today"): the server passes its clock, tests pass a fixed one. */
export type Clock = () => Date;
export const clockContext = createContext<Clock>(() => new Date());

declare module 'react-router' {
  interface Future {
    // Loaders receive a RouterContextProvider (we pass one to staticHandler.query()).
    v8_middleware: true;
  }
}

/** A plain feedback post that failed: the feedback page is rendered as its answer (server/routes/feedback.ts). */
export const submissionContext = createContext<FeedbackSubmission | null>(null);

/** The context of one request's loaders. */
export function loaderContext(api: ApiPort, clock?: Clock, submission?: FeedbackSubmission): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  if (clock) context.set(clockContext, clock);
  if (submission) context.set(submissionContext, submission);
  return context;
}

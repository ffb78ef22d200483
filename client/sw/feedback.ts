/**
 * Feedback that waits for a connection: a post sent offline is kept (background sync, with its idempotency key) and
 * sent again when the connection returns; what the server refused for good is kept for the reader to see.
 */
import { Queue } from 'workbox-background-sync';
import { isRecord } from '../../shared/json.ts';
import { LOCALE_INFO } from '../../shared/locales.ts';
import { FEEDBACK_PATH } from '../../shared/feedback.ts';
import { FEEDBACK_PENDING_ANSWER, FEEDBACK_PENDING_STATUS } from '../../shared/ui/feedback/submission.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  REFUSED_FEEDBACK_CACHE,
  refusedFeedbackOf,
  type RefusedFeedback,
  type RefusedList,
  type SaveResult,
} from '../../shared/offline.ts';

export const isFeedbackPath = (pathname: string) =>
  pathname === FEEDBACK_PATH || pathname === `${LOCALE_INFO.en.basename}${FEEDBACK_PATH}`;

const feedbackQueue = new Queue('portal-feedback', {
  // a week, in minutes
  maxRetentionTime: 7 * 24 * 60,
  onSync: () => sendKeptFeedback(),
});

/** The post sent, or kept for later without a connection (the page is told it waits). */
export async function postFeedback(request: Request): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch {
    await feedbackQueue.pushRequest({ request: copy });
    return new Response(JSON.stringify(FEEDBACK_PENDING_ANSWER), {
      status: FEEDBACK_PENDING_STATUS,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

/** Answers that say "not now" (the connection, a busy or rate-limiting server): the post is kept for later. */
const NOT_NOW_STATUSES = new Set([408, 429, 503, 504]);

let sending: Promise<void> | undefined;
/**
 * Send the kept posts in order, one attempt at a time (the sync event, several tabs and page views may all ask at
 * once: two loops could take the same post). A post that fails for lack of a connection or a "not now" answer goes
 * back to the front and the rest wait for the next attempt; any other answer ends it (taken, or refused for good:
 * sending it again would not help). The idempotency key makes a repeat after a lost answer harmless.
 */
const sendKeptFeedback = () =>
  (sending ??= (async () => {
    for (let entry = await feedbackQueue.shiftRequest(); entry; entry = await feedbackQueue.shiftRequest()) {
      let status: number;
      try {
        status = (await fetch(entry.request.clone())).status;
      } catch (err) {
        await feedbackQueue.unshiftRequest(entry);
        throw err;
      }
      if (NOT_NOW_STATUSES.has(status)) {
        await feedbackQueue.unshiftRequest(entry);
        throw new Error(`feedback answered ${status}; kept for the next attempt`);
      }
      // refused for good: sending it again would not help, but the reader gets the text back (the next page view)
      if (status < 200 || status >= 300) await keepRefused(entry.request);
    }
  })().finally(() => (sending = undefined)));

/**
 * A page asks for the kept posts to be sent: a failure keeps them for the next attempt (the page's, or the next sync
 * event); the answer lists what is still kept.
 */
export const replayFeedback = (): Promise<SaveResult> =>
  sendKeptFeedback()
    .catch(() => {})
    .then(async () => ({ saved: 0, failed: (await feedbackQueue.getAll()).map((entry) => entry.request.url) }));

/** Where a refused post is kept (by its idempotency key). */
const refusedUrl = (id: string) => `/__refused-feedback/${encodeURIComponent(id)}`;

/** Keep what the reader wrote in a post the server refused, until the reader has seen it. */
async function keepRefused(request: Request): Promise<void> {
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return;
  }
  if (!isRecord(body) || typeof body.message !== 'string') return;
  const refused: RefusedFeedback = {
    id: request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? String(Date.now()),
    locale: body.locale === 'en' ? 'en' : 'ru',
    message: body.message,
  };
  await (await caches.open(REFUSED_FEEDBACK_CACHE)).put(refusedUrl(refused.id), Response.json(refused));
}

/** The refused posts the reader has not closed the notice of. */
export async function refusedPosts(): Promise<RefusedList> {
  if (!(await caches.has(REFUSED_FEEDBACK_CACHE))) return { refused: [] };
  const cache = await caches.open(REFUSED_FEEDBACK_CACHE);
  const refused: RefusedFeedback[] = [];
  for (const request of await cache.keys()) {
    const kept = refusedFeedbackOf(await (await cache.match(request))?.json());
    if (kept) refused.push(kept);
  }
  return { refused };
}

export async function forgetRefused(id: string): Promise<RefusedList> {
  await (await caches.open(REFUSED_FEEDBACK_CACHE)).delete(refusedUrl(id));
  return refusedPosts();
}

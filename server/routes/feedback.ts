import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { FEEDBACKS_PATH } from '../../shared/api/calls.ts';
import type { Locale } from '../../shared/constants.ts';
import {
  FEEDBACK_FIELDS,
  FEEDBACK_PATH,
  fieldErrors,
  formErrorKey,
  type FeedbackAnswer,
  type FeedbackSubmission,
} from '../../shared/feedback.ts';
import { isLocale, LOCALE_INFO } from '../../shared/locales.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../shared/offline.ts';
import { FeedbackSchema, type Feedback } from '../../shared/schemas/feedback.ts';
import { CachePolicy } from '../cache-policies.ts';
import type { DeliveryOutcome, Outbox, OutboxEntry } from '../feedback/outbox.ts';
import { isFormPost, sendErrorJson } from '../http/error-document.ts';
import type { UpstreamClient } from '../upstream/client.ts';
import { clientAddress } from '../client-address.ts';
import { renderSubmission, type DocumentOptions } from '../ssr/handle-document.ts';

export interface FeedbackRouteOptions {
  /** posts per client per minute, across both locales */
  rateLimit: number;
  outbox: Outbox;
  /** what the feedback page is rendered with, as the answer to a plain post that failed */
  documents: DocumentOptions;
}

/**
 * Largest body a post may have: a plain post's form encoding takes up to 9 bytes per character of Cyrillic text, and a
 * message over the limit must still arrive whole, so the visitor can shorten it instead of typing it again.
 */
const BODY_LIMIT = 128 * 1024;

/** One delivery of a submission to the upstream, with its idempotency key (never retried here: the outbox does). */
export async function deliverFeedback(client: UpstreamClient, entry: OutboxEntry): Promise<DeliveryOutcome> {
  const res = await client.send({
    method: 'POST',
    path: FEEDBACKS_PATH,
    locale: entry.locale,
    body: entry.body,
    headers: { [IDEMPOTENCY_KEY_HEADER]: entry.key },
  });
  if (res.status >= 200 && res.status < 300) return 'delivered';
  if (res.status >= 400 && res.status < 500 && ![408, 425, 429].includes(res.status)) return 'rejected';
  return 'retry';
}

/**
 * Is this post from another site? `Sec-Fetch-Site` (sent by every current browser) must be same-origin (or none: typed
 * or bookmarked), and an `Origin` header must be the site's own origin (ADR 0023). Neither header: not a browser's
 * cross-site post (browsers send Origin on every cross-site POST), so it is let through.
 */
function crossSiteReason(request: FastifyRequest): string | undefined {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site: ${String(site)}`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== request.publicOrigin.toLowerCase()) return 'Origin';
  return undefined;
}

/**
 * The submission's idempotency key: the client's `Idempotency-Key` (the form makes one per submission, and the
 * service worker re-sends it unchanged), else a new UUID; `undefined` when the header is there but not a valid key.
 */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return randomUUID();
  return typeof header === 'string' && IDEMPOTENCY_KEY_PATTERN.test(header) ? header : undefined;
}

/** A posted body's fields: those of a form or of a JSON object; any other body has none. */
const hasFields = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

/** The visitor's values as the form shows them again: every field they sent, whole. */
function submittedValues(body: Record<string, unknown>): FeedbackSubmission['values'] {
  const values: FeedbackSubmission['values'] = {};
  for (const field of FEEDBACK_FIELDS) {
    const value = body[field];
    if (typeof value === 'string' || typeof value === 'number') values[field] = String(value);
  }
  return values;
}

/** Field errors (translation keys, first per field) of a failed parse, for the form. */
const formErrors = (errors: Record<string, string[]>): FeedbackSubmission['errors'] => {
  const out: FeedbackSubmission['errors'] = {};
  for (const field of FEEDBACK_FIELDS) {
    const first = errors[field]?.[0];
    if (first !== undefined) out[field] = formErrorKey(first);
  }
  return out;
};

/**
 * `POST /feedback` (and `/en/feedback`): the browser's only write (ADR 0023).
 * - cross-site posts are refused (403: the branded page to a form, JSON to a script), counted;
 * - one rate limit per client (the IP of the trusted hop) across both paths; 429 past it;
 * - strict zod types; the topic must be one of the upstream's feedback types (cached list);
 * - the upstream gets ONE POST with an `Idempotency-Key`: the client's (the form sends one per submission; a repeat
 *   with the same key is stored once upstream and answered success again), else a new UUID; an invalid one is refused
 *   (400 JSON to a script, the failed result to a plain post); when the POST fails or times out the submission goes
 *   to the durable outbox (one entry per key) and the visitor is told it was received (JSON 202 `queued`), then it is
 *   re-delivered until taken;
 * - a plain (no-JavaScript) post that succeeded is answered 303 to `/feedback?status=success`; one that failed is
 *   answered by the feedback page itself (`private, no-store`): the form refilled with everything the visitor sent,
 *   the errors shown. What a visitor typed never goes into a URL, a log line or a cache.
 */
export const feedbackRoutes =
  (options: FeedbackRouteOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(formBody, { bodyLimit: BODY_LIMIT });
    // registered globally in this plugin's scope, so both paths share ONE store: one quota per client
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit,
      timeWindow: 60_000,
      hook: 'preHandler',
      keyGenerator: clientAddress,
    });

    const answerFor =
      (request: FastifyRequest, reply: FastifyReply, locale: Locale, body: Record<string, unknown>) =>
      async (json: FeedbackAnswer, code: number): Promise<unknown> => {
        reply.header('cache-control', CachePolicy.none);
        if (!isFormPost(request)) return reply.code(code).send(json);
        const page = `${LOCALE_INFO[locale].basename}${FEEDBACK_PATH}`;
        if (json.status === 'success') return reply.redirect(`${page}?status=success`, 303);
        if (json.status === 'pending') throw new Error('the server never answers pending');
        const errors = json.status === 'invalid' ? formErrors(json.errors) : {};
        const submission: FeedbackSubmission = {
          status: json.status,
          httpStatus: code,
          values: submittedValues(body),
          errors,
        };
        return renderSubmission(request, reply, page, options.documents, submission);
      };

    // too large (413) and too many (429): a plain post still goes back to the form with what fits of its values
    app.setErrorHandler<FastifyError>(async (err, request, reply) => {
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status >= 500) throw err;
      if (status === 429) {
        app.edge.counters.rejections.rate_limited = (app.edge.counters.rejections.rate_limited ?? 0) + 1;
        request.log.info({ rejected: { reason: 'rate_limited', status } }, 'request rejected');
      } else request.log.info({ err: { message: err.message, code: err.code } }, 'request rejected');
      const body = hasFields(request.body) ? request.body : {};
      if (isFormPost(request)) return answerFor(request, reply, request.locale, body)({ status: 'failed' }, status);
      return sendErrorJson(request, reply, status, err.message, err.name);
    });

    const knownTypes = async (request: FastifyRequest): Promise<Set<number> | undefined> => {
      try {
        const types = await app.upstream.apiFor(request).get('feedbackTypes');
        return new Set(types.data.map((t) => t.id));
      } catch {
        // the upstream is unavailable: the submission goes to the outbox and the upstream checks the type itself
        return undefined;
      }
    };

    for (const prefix of ['', LOCALE_INFO.en.basename]) {
      app.post(`${prefix}${FEEDBACK_PATH}`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
        const crossSite = crossSiteReason(request);
        if (crossSite)
          return app.edge.reject(request, reply, 403, 'cross_site', `Cross-site post refused (${crossSite})`);

        const body = hasFields(request.body) ? request.body : {};
        const locale = isLocale(body.locale) ? body.locale : request.locale;
        const answer = answerFor(request, reply, locale, body);

        const key = idempotencyKeyOf(request);
        if (key === undefined) {
          app.edge.counters.rejections.invalid_feedback = (app.edge.counters.rejections.invalid_feedback ?? 0) + 1;
          request.log.info({ feedback: { invalid: [IDEMPOTENCY_KEY_HEADER] } }, 'feedback rejected');
          // a plain post (which never sends the header) goes back to the form with its values, as other failures
          if (isFormPost(request)) return answer({ status: 'failed' }, 400);
          return sendErrorJson(request, reply, 400, 'Invalid Idempotency-Key header');
        }

        const parsed = FeedbackSchema.safeParse(body);

        const invalid = (errors: Record<string, string[]>) => {
          app.edge.counters.rejections.invalid_feedback = (app.edge.counters.rejections.invalid_feedback ?? 0) + 1;
          request.log.info({ feedback: { invalid: Object.keys(errors) } }, 'feedback rejected');
          return answer({ status: 'invalid', errors }, 400);
        };
        if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
        const types = await knownTypes(request);
        if (types && !types.has(parsed.data.feedback_type_id))
          return invalid({ feedback_type_id: ['form.errors.invalid'] });

        const entry: OutboxEntry = {
          key,
          locale,
          body: parsed.data satisfies Feedback,
          created_at: new Date().toISOString(),
        };
        let outcome: DeliveryOutcome;
        try {
          outcome = await deliverFeedback(app.upstream.client, entry);
        } catch (err) {
          request.log.warn({ err, feedback: { key: entry.key } }, 'feedback not delivered; queued');
          outcome = 'retry';
        }
        if (outcome === 'delivered') {
          request.log.info({ feedback: { type: entry.body.feedback_type_id, key: entry.key } }, 'feedback forwarded');
          return answer({ status: 'success' }, 200);
        }
        if (outcome === 'retry') {
          try {
            await options.outbox.add(entry);
            request.log.info({ feedback: { key: entry.key } }, 'feedback queued in the outbox');
            return answer({ status: 'success', queued: true }, 202);
          } catch (err) {
            request.log.error({ err, feedback: { key: entry.key } }, 'feedback could not be queued');
          }
        } else {
          request.log.error(
            { upstream: { path: FEEDBACKS_PATH }, feedback: { key: entry.key } },
            'feedback refused upstream',
          );
        }
        return answer({ status: 'failed' }, 502);
      });
    }
  };

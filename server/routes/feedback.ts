import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { FEEDBACKS_PATH } from '../../shared/api/calls.ts';
import { FEEDBACK_PATH, fieldErrors, type FeedbackAnswer, type FeedbackStatus } from '../../shared/feedback.ts';
import { isLocale, LOCALE_INFO } from '../../shared/locales.ts';
import { FeedbackSchema } from '../../shared/schemas/feedback.ts';
import { CachePolicy } from '../cache-policies.ts';

export interface FeedbackRouteOptions {
  /** posts per IP per minute */
  rateLimit: number;
}

/**
 * `POST /feedback` (and `/en/feedback`): the browser's only write. Validates with the shared zod schema, forwards ONE
 * `POST /api/v1/feedbacks` (never retried) and answers JSON to scripts, or 303 back to the feedback page to a plain
 * form post (no JavaScript). Nothing invalid is forwarded; bodies over 16 KiB are refused (413); 429 past the limit.
 */
export const feedbackRoutes =
  (options: FeedbackRouteOptions): FastifyPluginAsync =>
  async (app) => {
    await app.register(formBody, { bodyLimit: 16 * 1024 });
    await app.register(rateLimit, { global: false });

    for (const prefix of ['', LOCALE_INFO.en.basename]) {
      app.post(
        `${prefix}${FEEDBACK_PATH}`,
        { bodyLimit: 16 * 1024, config: { rateLimit: { max: options.rateLimit, timeWindow: 60_000 } } },
        async (request, reply) => {
          const form = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;
          const body = (request.body ?? {}) as Record<string, unknown>;
          const locale = isLocale(body.locale) ? body.locale : request.locale;
          const parsed = FeedbackSchema.safeParse(body);
          reply.header('cache-control', CachePolicy.none);

          const answer = async (status: FeedbackStatus, json: FeedbackAnswer, code: number): Promise<FastifyReply> => {
            if (form) return reply.redirect(`${LOCALE_INFO[locale].basename}${FEEDBACK_PATH}?status=${status}`, 303);
            return reply.code(code).send(json);
          };

          if (!parsed.success) {
            const errors = fieldErrors(parsed.error.issues);
            request.log.info({ feedback: { invalid: Object.keys(errors) } }, 'feedback rejected');
            return answer('invalid', { status: 'invalid', errors }, 400);
          }
          try {
            const res = await app.upstream.client.send({
              method: 'POST',
              path: FEEDBACKS_PATH,
              locale,
              body: parsed.data,
            });
            if (res.status >= 200 && res.status < 300) {
              request.log.info({ feedback: { type: parsed.data.feedback_type_id } }, 'feedback forwarded');
              return answer('success', { status: 'success' }, 200);
            }
            request.log.error({ upstream: { path: FEEDBACKS_PATH, status: res.status } }, 'feedback refused upstream');
          } catch (err) {
            request.log.error({ err }, 'feedback could not be forwarded');
          }
          return answer('failed', { status: 'failed' }, 502);
        },
      );
    }
  };

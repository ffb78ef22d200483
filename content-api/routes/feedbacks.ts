import type { FastifyPluginAsync } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../shared/offline.ts';
import { FeedbackSchema } from '../../shared/schemas/feedback.ts';
import type { FeedbackStore } from '../feedback-store.ts';
import { fieldErrors, localeOf } from '../http.ts';
import type { Content } from '../store.ts';

/**
 * `POST /api/v1/feedbacks`: validate, store durably, 201; 422 with the fields named otherwise. With an
 * `Idempotency-Key` header a repeated post (a re-delivery) stores nothing new and answers the first record again
 * (201, `Idempotent-Replayed: true`), as Stripe's and the IETF draft's idempotency keys work.
 */
export const feedbackRoutes =
  (content: Content, store: FeedbackStore): FastifyPluginAsync =>
  async (app) => {
    const typeIds = new Set(content['feedback-types'].map((t) => t.id));
    app.post('/api/v1/feedbacks', { bodyLimit: 32 * 1024 }, async (request, reply) => {
      const parsed = FeedbackSchema.safeParse(request.body ?? {});
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues, 'body');
      if (parsed.success && !typeIds.has(parsed.data.feedback_type_id))
        errors.feedback_type_id = ['form.errors.invalid'];
      if (!parsed.success || Object.keys(errors).length > 0) {
        return reply.code(422).send({ message: `Invalid feedback: ${Object.keys(errors).join(', ')}`, errors });
      }
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key))) {
        return reply.code(400).send({ message: 'Invalid Idempotency-Key header' });
      }
      if (key === undefined) {
        const stored = await store.append(parsed.data, localeOf(request));
        return reply.code(201).send({ data: { id: stored.id, created_at: stored.created_at } });
      }
      const { record, replayed } = await store.appendOnce(parsed.data, localeOf(request), key);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send({ data: { id: record.id, created_at: record.created_at } });
    });
  };

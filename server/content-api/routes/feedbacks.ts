import type { FastifyPluginAsync } from 'fastify';
import { FeedbackSchema } from '../../../shared/schemas/feedback.ts';
import type { FeedbackStore } from '../feedback-store.ts';
import { localeOf } from '../http.ts';
import type { Content } from '../store.ts';

/** `POST /api/v1/feedbacks`: validate, store durably, 201; 422 with the fields named otherwise. */
export const feedbackRoutes =
  (content: Content, store: FeedbackStore): FastifyPluginAsync =>
  async (app) => {
    const typeIds = new Set(content['feedback-types'].map((t) => t.id));
    app.post('/api/v1/feedbacks', { bodyLimit: 32 * 1024 }, async (request, reply) => {
      const parsed = FeedbackSchema.safeParse(request.body ?? {});
      const errors: Record<string, string[]> = {};
      if (!parsed.success) {
        for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
      } else if (!typeIds.has(parsed.data.feedback_type_id)) {
        errors.feedback_type_id = ['form.errors.invalid'];
      }
      if (!parsed.success || Object.keys(errors).length > 0) {
        return reply.code(422).send({ message: `Invalid feedback: ${Object.keys(errors).join(', ')}`, errors });
      }
      const stored = await store.append(parsed.data, localeOf(request));
      return reply.code(201).send({ data: { id: stored.id, created_at: stored.created_at } });
    });
  };

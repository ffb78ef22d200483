import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../shared/constants.ts';
import { matchAcceptLanguage } from '../shared/locales.ts';
import type { Paginated } from '../shared/schemas/common.ts';

/** Language of a content API request: Accept-Language, Russian by default. */
export const localeOf = (request: FastifyRequest): Locale =>
  matchAcceptLanguage(request.headers['accept-language']) ?? 'ru';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 12;

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
});

/** Parse a query with zod; on failure answer 422 naming the fields, like a Laravel API does. */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): z.output<S> | undefined {
  const result = schema.safeParse(request.query);
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'query';
    (errors[field] ??= []).push(issue.message);
  }
  void reply.code(422).send({ message: `Invalid query: ${Object.keys(errors).join(', ')}`, errors });
  return undefined;
}

export function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send({ message: `${what} not found` });
}

/** The one list envelope: data, meta and links. */
export function paginate<T>(items: T[], page: number, perPage: number, request: FastifyRequest): Paginated<T> {
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => {
    const url = new URL(request.url, 'http://upstream');
    url.searchParams.set('page', String(n));
    return url.pathname + url.search;
  };
  return {
    data: items.slice((page - 1) * perPage, page * perPage),
    meta: { current_page: page, per_page: perPage, total, last_page: lastPage },
    links: {
      first: link(1),
      last: link(lastPage),
      prev: page > 1 ? link(Math.min(page - 1, lastPage)) : null,
      next: page < lastPage ? link(page + 1) : null,
    },
  };
}

/** An item by slug or numeric id (detail calls accept either). */
export function findBySlugOrId<T extends { id: number; slug: string }>(items: T[], key: string): T | undefined {
  return /^\d+$/.test(key) ? items.find((item) => item.id === Number(key)) : items.find((item) => item.slug === key);
}

export const byDateDesc =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));

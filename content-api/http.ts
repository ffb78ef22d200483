import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../shared/constants.ts';
import { matchAcceptLanguage } from '../shared/locales.ts';
import type { Paginated } from '../shared/schemas/common.ts';
import type { Made } from './localize.ts';

/** Language of a content API request: Accept-Language, Russian by default. */
export const localeOf = (request: FastifyRequest): Locale =>
  matchAcceptLanguage(request.headers['accept-language']) ?? 'ru';

/** A list call's page: 12 items by default, at most 100. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(12),
});

/** Parse a query with zod; on failure answer 422 naming the fields, like a Laravel API does. */
export function parseQuery<S extends z.ZodType>(
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): z.output<S> | undefined {
  const result = schema.safeParse(request.query);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error.issues, 'query');
  void reply.code(422).send({ message: `Invalid query: ${Object.keys(errors).join(', ')}`, errors });
  return undefined;
}

/** zod's issues by field (`whole` for an issue of the whole value), as a Laravel API names them in a 422. */
export function fieldErrors(issues: readonly z.core.$ZodIssue[], whole: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) (errors[issue.path.join('.') || whole] ??= []).push(issue.message);
  return errors;
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
export function findBySlugOrId<T extends { id: number; slug: string }>(
  items: readonly T[],
  key: string,
): T | undefined {
  return /^\d+$/.test(key) ? items.find((item) => item.id === Number(key)) : items.find((item) => item.slug === key);
}

export const byDateDesc =
  <T>(date: (item: T) => string) =>
  (a: T, b: T) =>
    date(b).localeCompare(date(a));

/** `GET {path}`: every record, in one locale (`{ data: [...] }`). */
export function serveAll<R>(app: FastifyInstance, path: string, records: readonly R[], made: Made<R>) {
  app.get(path, async (request) => {
    const locale = localeOf(request);
    return { data: records.map((record) => made(record, locale)) };
  });
}

/**
 * `GET {path}?page&per_page…`: a page of the records `select` chooses for the query (all of them, in their order,
 * without it), in one locale.
 */
export function servePage<R, S extends z.ZodType<{ page: number; per_page: number }>>(
  app: FastifyInstance,
  path: string,
  options: {
    query: S;
    records: readonly R[];
    select?: (records: readonly R[], query: z.output<S>) => R[];
    made: Made<R>;
  },
) {
  app.get(path, async (request, reply) => {
    const query = parseQuery(options.query, request, reply);
    if (!query) return reply;
    const locale = localeOf(request);
    const records = options.select ? options.select(options.records, query) : [...options.records];
    const page = paginate(records, query.page, query.per_page, request);
    return { ...page, data: page.data.map((record) => options.made(record, locale)) };
  });
}

/** `GET {path}/{slug or id}`: one record in one locale (`{ data: {...} }`), or 404 naming `what`. */
export function serveOne<R extends { id: number; slug: string }>(
  app: FastifyInstance,
  path: string,
  what: string,
  records: readonly R[],
  made: Made<R>,
) {
  app.get<{ Params: { key: string } }>(`${path}/:key`, async (request, reply) => {
    const record = findBySlugOrId(records, request.params.key);
    if (!record) return notFound(reply, what);
    return { data: made(record, localeOf(request)) };
  });
}

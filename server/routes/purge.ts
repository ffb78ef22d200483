import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CachePolicy } from '../cache-policies.ts';
import { pathTag } from '../ssr/page-cache.ts';
import { clientAddress } from '../plugins/edge.ts';

export const PURGE_ROUTE = '/__purge';

/** Most keys and paths one call may name, together. */
export const PURGE_MAX_ENTRIES = 1000;

const Key = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\s]+$/, 'a key has no white space');
const Path = z
  .string()
  .max(1024)
  .regex(/^\/[^\s]*$/, 'a path starts with / and has no white space');

export const PurgeBody = z
  .strictObject({
    keys: z.array(Key).max(PURGE_MAX_ENTRIES).default([]),
    paths: z.array(Path).max(PURGE_MAX_ENTRIES).default([]),
    soft: z.boolean().default(false),
  })
  .refine((b) => b.keys.length + b.paths.length > 0, 'name at least one key or path')
  .refine((b) => b.keys.length + b.paths.length <= PURGE_MAX_ENTRIES, `at most ${PURGE_MAX_ENTRIES} keys and paths`);

export interface PurgeRouteOptions {
  /** PURGE_TOKEN: the public webhook; a wrong or missing token answers 401 */
  token?: string;
  /**
   * The token the embedded content API was given at start (when PURGE_TOKEN is unset): accepted from loopback
   * only; anything else answers 404, as if there were no endpoint.
   */
  internalToken?: string;
  /** calls per client IP per minute */
  rateLimit: number;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is `expected`, in time independent of where they differ (both hashed to one length). */
const sameToken = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const bearer = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
};

/** A connection from this machine: loopback, or to the address it came from (a BFF listening on one interface). */
const isLocal = (request: FastifyRequest) => {
  const { remoteAddress = '', localAddress } = request.socket;
  return (
    remoteAddress === '::1' ||
    remoteAddress.startsWith('127.') ||
    remoteAddress.startsWith('::ffff:127.') ||
    remoteAddress === localAddress
  );
};

/** A path to purge: its pathname (a page's entries of every query share its path tag). */
const pathOf = (path: string) => path.split(/[?#]/, 1)[0] ?? path;

/**
 * `POST /__purge`: drop (or with `soft` mark stale) every cached upstream answer, page and payload carrying one of
 * `keys`, and the pages of `paths` with the upstream answers they were built from, in every process and replica;
 * answers once all of them confirmed (ADR 0090). Registered only with PURGE_TOKEN or an internal token.
 */
export const purgeRoutes =
  (options: PurgeRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { purger } = app.caches;
    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit,
      timeWindow: 60_000,
      keyGenerator: clientAddress,
      onExceeded: () => purger.count('rate_limited'),
    });

    const refuse = (reply: FastifyReply, status: number, result: string, message: string) => {
      purger.count(result);
      return reply.code(status).header('cache-control', CachePolicy.none).send({ error: result, message });
    };

    app.post(PURGE_ROUTE, { bodyLimit: 256 * 1024 }, async (request, reply) => {
      const given = bearer(request);
      const publicOk = options.token !== undefined && given !== undefined && sameToken(given, options.token);
      const internalOk =
        !publicOk &&
        options.internalToken !== undefined &&
        given !== undefined &&
        isLocal(request) &&
        sameToken(given, options.internalToken);
      if (!publicOk && !internalOk) {
        if (options.token === undefined) return reply.callNotFound();
        request.log.warn({ purge: { ip: clientAddress(request) } }, 'purge refused: missing or wrong token');
        reply.header('www-authenticate', 'Bearer realm="purge"');
        return refuse(reply, 401, 'unauthorized', 'Authorization: Bearer <PURGE_TOKEN> is required');
      }
      const parsed = PurgeBody.safeParse(request.body);
      if (!parsed.success) {
        const message = z.prettifyError(parsed.error);
        request.log.info({ purge: { problem: message } }, 'purge refused: invalid body');
        return refuse(reply, 400, 'invalid', message);
      }
      const { keys, paths, soft } = parsed.data;
      const tags = [...new Set([...keys, ...paths.map((p) => pathTag(pathOf(p)))])];
      const result = await purger.purge({ tags, soft });
      const purged = { l1: result.l1, l2: result.l2 };
      reply.header('cache-control', CachePolicy.none);
      if (result.failed !== undefined) {
        // counted by the purger as `error`: memory was purged, the shared cache (Redis) or the other processes not
        request.log.error({ err: result.failed, purge: { keys, paths, soft, purged } }, 'purge failed');
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ purged, processes: result.processes, message: 'the shared cache could not be purged; try again' });
      }
      request.log.info(
        { purge: { keys, paths, soft, purged, processes: result.processes, complete: result.complete } },
        'cache purge',
      );
      if (!result.complete) {
        reply.header('retry-after', '1');
        return reply.code(503).send({
          purged,
          processes: result.processes,
          message: 'not every process confirmed the purge in time; try again',
        });
      }
      return reply.send({ purged, processes: result.processes });
    });
  };

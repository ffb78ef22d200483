import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CachePolicy } from '../cache-policies.ts';
import { pathTag } from '../ssr/page-cache.ts';
import { clientAddress } from '../client-address.ts';
import { loggedUrl, pathOf } from '../logged-url.ts';
import { purgeTiers, type TierResult } from '../cache/tier-purge.ts';

const PURGE_ROUTE = '/__purge';

/** Most keys and paths one call may name, together. */
const PURGE_MAX_ENTRIES = 1000;

const Key = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[^\s]+$/, 'a key has no white space');
const Path = z
  .string()
  .max(1024)
  .regex(/^\/[^\s]*$/, 'a path starts with / and has no white space');

const PurgeBody = z
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
  /** the caches in front to purge after the BFF's own, innermost first (PURGE_TIER_URLS) */
  tiers: readonly string[];
  /** how long one tier may take to confirm */
  tierTimeoutMs: number;
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

/**
 * Which token a call carried, for the audit line: the first 12 hex digits of its SHA-256 (enough to tell the
 * tokens of a rotation apart, useless for finding the token), `none` without one. Never the token itself.
 */
export const tokenFingerprint = (token: string | undefined) =>
  token === undefined ? 'none' : `sha256:${digest(token).toString('hex').slice(0, 12)}`;

/** Why a purge call was refused: the `reason` label of cache_purges_refused_total. */
export type PurgeRefusal = 'unauthorized' | 'invalid' | 'rate_limited';

/** The audit line of one purge call: who asked, what, and what it did. */
interface PurgeAudit {
  client: string;
  token: string;
  result: 'ok' | 'partial' | 'error' | PurgeRefusal;
  keys?: readonly string[];
  paths?: readonly string[];
  soft?: boolean;
  purged?: { l1: number; l2: number };
  processes?: number;
  tiers?: TierResult[];
  ms: number;
  problem?: string;
}

/**
 * `POST /__purge`: drop (or with `soft` mark stale) every cached upstream answer, page and payload carrying one of
 * `keys`, and the pages of `paths` with the upstream answers they were built from, in every process and replica,
 * then in every tier in front (PURGE_TIER_URLS: Varnish, a CDN; ADR 0122); answers once all of them confirmed (ADR
 * 0090), or names what did not. Registered only with PURGE_TOKEN or an internal token. Every call, accepted or
 * refused, writes one audit line (`purge audit`): info when it purged, warn when refused or a process or tier did
 * not confirm, error when a layer failed.
 */
export const purgeRoutes =
  (options: PurgeRouteOptions): FastifyPluginAsync =>
  async (app) => {
    const { purger } = app.caches;
    const { tiers } = options;
    const audit = (request: FastifyRequest, started: number, line: Omit<PurgeAudit, 'client' | 'token' | 'ms'>) => {
      const purge: PurgeAudit = {
        client: clientAddress(request),
        token: tokenFingerprint(bearer(request)),
        ...line,
        // the paths as logged everywhere: no query values (server/logged-url.ts)
        ...(line.paths && { paths: line.paths.map(loggedUrl) }),
        ms: Math.round((performance.now() - started) * 10) / 10,
      };
      const level = line.result === 'ok' ? 'info' : line.result === 'error' ? 'error' : 'warn';
      request.log[level]({ purge }, 'purge audit');
    };

    await app.register(rateLimit, {
      global: true,
      max: options.rateLimit,
      timeWindow: 60_000,
      keyGenerator: clientAddress,
      onExceeded: (request) => {
        purger.refused('rate_limited');
        audit(request, performance.now(), { result: 'rate_limited' });
      },
    });

    const refuse = (reply: FastifyReply, status: number, reason: PurgeRefusal, message: string) => {
      purger.refused(reason);
      return reply.code(status).header('cache-control', CachePolicy.none).send({ error: reason, message });
    };

    // the token is checked before the body is read (preParsing: after the rate limit's onRequest, before the parser),
    // so a call without the token is answered at once whatever body it announces; only an allowed call's is read
    const authorize = async (request: FastifyRequest, reply: FastifyReply) => {
      const given = bearer(request);
      const publicOk = options.token !== undefined && given !== undefined && sameToken(given, options.token);
      const internalOk =
        !publicOk &&
        options.internalToken !== undefined &&
        given !== undefined &&
        isLocal(request) &&
        sameToken(given, options.internalToken);
      if (publicOk || internalOk) return;
      audit(request, performance.now(), { result: 'unauthorized' });
      // the connection is not kept: its unread body would be read as the next request
      reply.header('connection', 'close');
      if (options.token === undefined) {
        purger.refused('unauthorized');
        return reply.callNotFound();
      }
      reply.header('www-authenticate', 'Bearer realm="purge"');
      return refuse(reply, 401, 'unauthorized', 'Authorization: Bearer <PURGE_TOKEN> is required');
    };

    app.post(PURGE_ROUTE, { bodyLimit: 256 * 1024, preParsing: authorize }, async (request, reply) => {
      const started = performance.now();
      const parsed = PurgeBody.safeParse(request.body);
      if (!parsed.success) {
        const problem = z.prettifyError(parsed.error);
        audit(request, started, { result: 'invalid', problem });
        return refuse(reply, 400, 'invalid', problem);
      }
      const { keys, paths, soft } = parsed.data;
      // a path purges its pathname, without query or fragment: a page's entries of every query share its path tag
      const tags = [...new Set([...keys, ...paths.map((p) => pathTag(pathOf(p).split('#', 1)[0] ?? p))])];
      const result = await purger.purge({ tags, soft });
      // the tiers in front, after the BFF's processes: they fill again from the replicas
      const tierResults =
        tiers.length > 0 ? await purgeTiers(tiers, options.tierTimeoutMs, { keys: tags, soft }) : undefined;
      const purged = { l1: result.l1, l2: result.l2 };
      const answer = { purged, processes: result.processes, ...(tierResults ? { tiers: tierResults } : {}) };
      const done = { keys, paths, soft, ...answer };
      reply.header('cache-control', CachePolicy.none);
      if (result.failed !== undefined) {
        // memory was purged, the shared cache (Redis) or the other processes not
        audit(request, started, { result: 'error', ...done, problem: describe(result.failed) });
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ ...answer, message: 'the shared cache could not be purged; try again' });
      }
      const unconfirmed = (tierResults ?? []).filter((tier) => !tier.ok);
      const problems = [
        ...(result.complete ? [] : ['not every process confirmed the purge in time']),
        ...unconfirmed.map((tier) => `${tier.tier} did not confirm the purge (${tier.error ?? 'no answer'})`),
      ];
      if (problems.length > 0) {
        audit(request, started, { result: 'partial', ...done, problem: problems.join('; ') });
        return reply
          .code(503)
          .header('retry-after', '1')
          .send({ ...answer, message: `${problems.join('; ')}; try again` });
      }
      audit(request, started, { result: 'ok', ...done });
      return reply.send(answer);
    });
  };

const describe = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err));

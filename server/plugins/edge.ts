import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isIP } from 'node:net';
import { sendErrorDocument, type ErrorDocumentOptions } from '../ssr/error-document.ts';
import type { ClientBuild } from '../ssr/client-build.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Origin for absolute URLs in this response (canonical, hreflang, app config): PUBLIC_ORIGIN, else the request's
     * host only when ALLOWED_HOSTS lists it, else the default origin. Never a host the request chose freely.
     */
    publicOrigin: string;
  }
  interface FastifyInstance {
    /** answers decided at the edge, counted for /metrics */
    edge: EdgeApi;
  }
}

export type RejectionReason =
  'malformed_header' | 'bad_url' | 'uri_too_long' | 'dot_segment' | 'cross_site' | 'rate_limited' | 'invalid_feedback';

export interface EdgeApi {
  counters: { rejections: Partial<Record<RejectionReason, number>>; clientAborts: number };
  /** count a rejection, log it once at info, and answer the branded error page (or JSON) */
  reject(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    reason: RejectionReason,
    message: string,
  ): Promise<FastifyReply>;
  errorDocumentOptions(request: FastifyRequest): ErrorDocumentOptions;
}

export interface EdgeOptions {
  clientBuild: ClientBuild;
  publicOrigin: string | undefined;
  /** hostnames (any port) or host:port that may become an origin */
  allowedHosts: string[];
  /** origin when the request's host is not allowed */
  defaultOrigin: string;
  dev?: boolean;
  mapsScriptUrl?: string;
}

// RFC 3986 host: a reg-name of letters, digits, `-`, `_`, `.`, or an IPv6 literal in brackets; optional port
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]{2,45}\\])(?::\\d{1,5})?$`, 'i');
const PROTO = /^https?$/i;

export const isValidHost = (value: string) => value.length <= 260 && HOST.test(value);

const list = (value: string) => value.split(',').map((part) => part.trim());

/** An X-Forwarded-For entry: an IP, optionally `[v6]:port` or `v4:port` as some proxies write it. */
function isForwardedFor(entry: string): boolean {
  if (isIP(entry)) return true;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(entry);
  if (bracketed) return isIP(bracketed[1] ?? '') === 6;
  const v4port = /^([\d.]+):\d{1,5}$/.exec(entry);
  return !!v4port && isIP(v4port[1] ?? '') === 4;
}

/** The first malformed header of a request, or undefined. Host is required (HTTP/1.1). */
export function malformedHeader(headers: FastifyRequest['headers']): string | undefined {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  const host = one('host');
  if (host === undefined || !isValidHost(host)) return 'host';
  const xfh = one('x-forwarded-host');
  if (xfh !== undefined && !list(xfh).every(isValidHost)) return 'x-forwarded-host';
  const xfp = one('x-forwarded-proto');
  if (xfp !== undefined && !list(xfp).every((p) => PROTO.test(p))) return 'x-forwarded-proto';
  const xff = one('x-forwarded-for');
  if (xff !== undefined && (xff.length > 2048 || !list(xff).every(isForwardedFor))) return 'x-forwarded-for';
  return undefined;
}

/** Is `host` (as the request named it, port included) one of the allowed hosts? */
export function isAllowedHost(host: string, allowed: string[]): boolean {
  const lower = host.toLowerCase();
  const name = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d+$/, '');
  return allowed.some((entry) => entry === lower || entry === name);
}

/**
 * The edge (ADR 0020): every request's Host and forwarded headers are parsed strictly (malformed → branded 400, not
 * a 500 later), and its public origin is resolved once, so a page a shared cache may store never carries a
 * request-chosen host. Also the one place that answers and counts security rejections.
 */
export default fp<EdgeOptions>(
  async (app, opts) => {
    const counters: EdgeApi['counters'] = { rejections: {}, clientAborts: 0 };
    // an origin only: a path in PUBLIC_ORIGIN would be prepended to every page path
    const publicOrigin = opts.publicOrigin ? new URL(opts.publicOrigin).origin : undefined;
    const docOptions = (request: FastifyRequest): ErrorDocumentOptions => ({
      clientBuild: opts.clientBuild,
      origin: request.publicOrigin || publicOrigin || opts.defaultOrigin,
      dev: opts.dev,
      mapsScriptUrl: opts.mapsScriptUrl,
    });
    const edge: EdgeApi = {
      counters,
      errorDocumentOptions: docOptions,
      reject(request, reply, status, reason, message) {
        counters.rejections[reason] = (counters.rejections[reason] ?? 0) + 1;
        request.log.info({ rejected: { reason, status } }, 'request rejected');
        return sendErrorDocument(request, reply, status, message, docOptions(request));
      },
    };
    app.decorate('edge', edge);
    app.decorateRequest('publicOrigin', '');

    app.addHook('onRequest', async (request, reply) => {
      const bad = malformedHeader(request.headers);
      if (bad) {
        request.publicOrigin = publicOrigin ?? opts.defaultOrigin;
        return edge.reject(request, reply, 400, 'malformed_header', `Malformed ${bad} header`);
      }
      if (publicOrigin) request.publicOrigin = publicOrigin;
      else if (isAllowedHost(request.host, opts.allowedHosts))
        request.publicOrigin = `${request.protocol === 'https' ? 'https' : 'http'}://${request.host.toLowerCase()}`;
      else request.publicOrigin = opts.defaultOrigin;
    });
  },
  { name: 'edge' },
);

/** ALLOWED_HOSTS when none is configured: the listen address (unless a wildcard), localhost and the loopbacks. */
export function defaultAllowedHosts(listenHost: string): string[] {
  const hosts = ['localhost', '127.0.0.1', '[::1]'];
  const host = listenHost.toLowerCase();
  if (host !== '0.0.0.0' && host !== '::' && host !== '') hosts.unshift(isIP(host) === 6 ? `[${host}]` : host);
  return [...new Set(hosts)];
}

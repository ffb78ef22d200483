import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { sendErrorDocument, type ErrorDocumentOptions } from '../http/error-document.ts';
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
  | 'malformed_header'
  | 'bad_url'
  | 'uri_too_long'
  | 'dot_segment'
  | 'cross_site'
  | 'rate_limited'
  | 'invalid_feedback'
  | 'request_target'
  | 'content_encoding';

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
}

export interface EdgeOptions {
  clientBuild: ClientBuild;
  publicOrigin: string | undefined;
  /** hostnames (any port) or host:port that may become an origin */
  allowedHosts: string[];
  /** origin when the request's host is not allowed */
  defaultOrigin: string;
  /** whether a proxy is trusted (TRUST_PROXY): then its forwarded host is the request's host */
  trustsProxy: boolean;
}

// RFC 3986 host: a reg-name of letters, digits, `-`, `_`, `.`, or an IPv6 literal in brackets; optional port
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]{2,45}\\])(?::\\d{1,5})?$`, 'i');

const isValidHost = (value: string) => value.length <= 260 && HOST.test(value);

/**
 * The first header of a request that cannot be what it names, or undefined: the `Host` (required by HTTP/1.1) and,
 * when a proxy is trusted, the forwarded host that then becomes the request's host (`effectiveHost`). Other forwarded
 * headers never refuse a request: untrusted they are ignored, and from trusted hops the values proxies write that
 * are no address (`unknown`, an obfuscated `_identifier`, a port) are skipped when the client address is read.
 */
export function malformedHeader(headers: FastifyRequest['headers'], effectiveHost?: string): string | undefined {
  const host = Array.isArray(headers.host) ? headers.host.join(', ') : headers.host;
  if (host === undefined || !isValidHost(host)) return 'host';
  if (effectiveHost !== undefined && effectiveHost !== host && !isValidHost(effectiveHost)) return 'x-forwarded-host';
  return undefined;
}

declare module 'node:http' {
  interface IncomingMessage {
    /** set by `originForm` when the request-target was not one a route may see (asterisk-form, a foreign absolute-form) */
    refusedTarget?: 'asterisk' | 'absolute';
  }
}

/** What a refused target is routed as: no route serves it, and the edge answers before any handler could run. */
const REFUSED_TARGET_PATH = '/';

/**
 * Fastify's `rewriteUrl`, run before the router: every request-target becomes origin-form (RFC 9112 §3.2) or is
 * marked refused. Origin-form (`/path?query`) passes. Absolute-form, which a server must accept (§3.2.2), becomes its
 * path and query when its scheme is http(s) and its authority is the request's `Host` (the one the edge checks);
 * any other absolute-form, asterisk-form (`*`, meaningful only for a server-wide `OPTIONS`) and anything else is
 * marked, routed to no handler, and answered by the edge.
 */
export function originForm(req: IncomingMessage): string {
  const target = req.url ?? '/';
  if (target.startsWith('/')) return target;
  const absolute = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(target);
  const [, authority = '', rest = ''] = absolute ?? [];
  if (absolute && authority !== '' && authority.toLowerCase() === req.headers.host?.toLowerCase())
    return rest.startsWith('/') ? rest : `/${rest}`;
  req.refusedTarget = target === '*' ? 'asterisk' : 'absolute';
  return REFUSED_TARGET_PATH;
}

/** Whether a request says its body has a content coding other than identity (RFC 9110 §8.4). */
const codedBody = (headers: FastifyRequest['headers']): boolean => {
  const value = headers['content-encoding'];
  const codings = (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.length > 0;
};

/** Is `host` (as the request named it, port included) one of the allowed hosts? */
export function isAllowedHost(host: string, allowed: string[]): boolean {
  const lower = host.toLowerCase();
  const name = lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.replace(/:\d+$/, '');
  return allowed.some((entry) => entry === lower || entry === name);
}

/**
 * The edge (ADR 0020): every request's Host, and the forwarded host when a proxy is trusted, is parsed strictly
 * (malformed → branded 400, not a 500 later), and its public origin is resolved once, so a page a shared cache may store never carries a
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
    });
    const edge: EdgeApi = {
      counters,
      reject(request, reply, status, reason, message) {
        counters.rejections[reason] = (counters.rejections[reason] ?? 0) + 1;
        request.log.info({ rejected: { reason, status } }, 'request rejected');
        return sendErrorDocument(request, reply, status, message, docOptions(request));
      },
    };
    app.decorate('edge', edge);
    app.decorateRequest('publicOrigin', '');

    // no browser compresses a request body, so no route has a decoder: a coded body is refused before it is read
    app.addHook('onRoute', (route) => {
      // @fastify/compress reads this route option (its types declare it only with the plugin's own module loaded)
      (route as { decompress?: false }).decompress = false;
    });

    app.addHook('onRequest', (request, reply, done) => {
      // the configured (or default) origin, unless the request's host turns out to be an allowed one
      request.publicOrigin = publicOrigin ?? opts.defaultOrigin;
      const refusedTarget = request.raw.refusedTarget;
      if (refusedTarget !== undefined) {
        reply.header('connection', 'close');
        // `OPTIONS *` asks what the server allows (RFC 9110 §9.3.7); every other such target is no resource here
        if (refusedTarget === 'asterisk' && request.method === 'OPTIONS') {
          reply.code(204).header('allow', 'GET, HEAD, POST').send();
          return;
        }
        edge.reject(request, reply, 400, 'request_target', 'Bad Request: the request target is not a path').catch(done);
        return;
      }
      if (codedBody(request.headers)) {
        // RFC 9110 §15.5.16: 415, with Accept-Encoding naming the codings a request body may have
        reply.header('accept-encoding', 'identity').header('connection', 'close');
        edge
          .reject(
            request,
            reply,
            415,
            'content_encoding',
            'Unsupported Media Type: a request body has no content coding here',
          )
          .catch(done);
        return;
      }
      // only a trusted hop's forwarded host becomes the request's host (Fastify's trustProxy)
      const bad = malformedHeader(request.headers, opts.trustsProxy ? request.host : undefined);
      if (bad) {
        // answered here: the chain stops (done is called only should the answer fail)
        edge.reject(request, reply, 400, 'malformed_header', `Malformed ${bad} header`).catch(done);
        return;
      }
      if (!publicOrigin && isAllowedHost(request.host, opts.allowedHosts))
        request.publicOrigin = `${request.protocol === 'https' ? 'https' : 'http'}://${request.host.toLowerCase()}`;
      done();
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

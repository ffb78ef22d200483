import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { data } from 'react-router';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { CallName } from '../../shared/api/calls.ts';
import { LOCALE_INFO, localeFromPath } from '../../shared/locales.ts';
import { CachePolicy } from '../cache-policies.ts';
import { contentSecurityPolicy } from '../plugins/security.ts';
import type { ClientBuild } from './client-build.ts';

/** The layout's own calls (menu, dictionary, footer): they still go to the (cached) upstream on an error page. */
const CHROME_CALLS = new Set<CallName>([
  'translations',
  'mainMenu',
  'footerPartners',
  'socialNetworks',
  'feedbackTypes',
]);

/** A page whose loader asks the upstream for its data: its error boundary shows the error inside the layout. */
const HOST_PAGE = '/news';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
};

export interface ErrorDocumentOptions {
  clientBuild: ClientBuild;
  /** origin for the page's absolute URLs (never a request-chosen host) */
  origin: string;
  dev?: boolean;
  mapsScriptUrl?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The branded error page for answers decided before any route runs (a malformed header or URL, a cross-site post, a
 * non-canonical path): the site's layout with the error page, rendered by the same React entry as every document, no
 * client script (nothing to hydrate), `private, no-store`, the security headers. Scripts and payload requests get
 * JSON. The message is shown to the visitor, so it never carries more than a bounded part of the request.
 */
export async function sendErrorDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  options: ErrorDocumentOptions,
): Promise<FastifyReply> {
  // answers decided before the security plugin ran (frameworkErrors) have no nonce yet
  request.cspNonce ||= randomBytes(16).toString('base64');
  const nonce = request.cspNonce;
  reply
    .code(status)
    .header('cache-control', CachePolicy.none)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'strict-origin-when-cross-origin')
    .header('x-frame-options', 'SAMEORIGIN');
  const rawPath = request.raw.url ?? '/';
  const wantsHtml =
    (request.headers.accept ?? 'text/html').includes('text/html') &&
    !rawPath.split('?', 1)[0]?.endsWith('_payload.json');
  if (!wantsHtml || (request.method === 'POST' && !isFormPost(request))) {
    return reply
      .type('application/json; charset=utf-8')
      .send({ statusCode: status, error: STATUS_TEXT[status], message });
  }
  reply.header('content-security-policy', contentSecurityPolicy(nonce, options.dev, options.mapsScriptUrl));
  reply.type('text/html; charset=utf-8');
  const locale = localeFromPath(rawPath.split('?', 1)[0] ?? '/');
  // the edge may answer before the locale plugin ran: the layout's data must be in the path's language
  request.locale = locale;
  try {
    const real = request.server.upstream.apiFor(request);
    // thrown by the page's loaders: react-router makes it the route error response the page shows
    const failure = data(message, { status, statusText: STATUS_TEXT[status] ?? 'Error' });
    const api: ApiPort = {
      locale,
      get: (name, ...args) => (CHROME_CALLS.has(name) ? real.get(name, ...args) : Promise.reject(failure)),
      find: (name, ...args) => (CHROME_CALLS.has(name) ? real.find(name, ...args) : Promise.reject(failure)),
    };
    const { renderDocument } = await options.clientBuild.load();
    const result = await renderDocument({
      request: new Request(`${options.origin}${LOCALE_INFO[locale].basename}${HOST_PAGE}`),
      api,
      config: {
        buildId: options.clientBuild.build.id,
        buildTimestamp: options.clientBuild.build.timestamp,
        locale,
        origin: options.origin,
        maps: null,
        buildCheckIntervalMs: 2147483647,
        serviceWorker: false,
      },
      nonce,
      assets: options.clientBuild.assets,
      bootstrapModules: [],
      waitForAll: true,
      streamTimeoutMs: 5000,
      onError: () => {},
    });
    if (result.kind === 'stream') {
      if (request.method === 'HEAD') {
        result.stream.resume();
        return reply.send();
      }
      return reply.send(result.stream);
    }
  } catch (err) {
    request.log.warn({ err }, 'error page could not be rendered; plain page sent');
  }
  return reply.send(
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>${status}</title></head>` +
      `<body><main><h1>${status}</h1><p>${escapeHtml(message)}</p><p><a href="/">↩</a></p></main></body></html>`,
  );
}

export const isFormPost = (request: FastifyRequest) =>
  request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;

/** At most `max` characters of something the visitor sent, for messages that echo it. */
export const bounded = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { data } from 'react-router';
import type { ApiPort } from '../../shared/api/api-port.ts';
import type { CallName } from '../../shared/api/calls.ts';
import type { Locale } from '../../shared/constants.ts';
import { escapeHtml } from '../../shared/html-text.ts';
import { en, ru } from '../../shared/i18n/messages.ts';
import { createTranslate } from '../../shared/i18n/translate.ts';
import { LOCALE_INFO, localeFromPath } from '../../shared/locales.ts';
import { CachePolicy } from '../cache-policies.ts';
import { pathOf } from '../logged-url.ts';
import type { ClientBuild } from '../ssr/client-build.ts';

/**
 * Every error answer the server makes itself (the React error page of a route covers the rest): the branded error
 * document of the edge's refusals (`sendErrorDocument`), the plain document when that page cannot be rendered or an
 * error escapes a route (`sendPlainDocument`), and JSON to scripts and payload requests (`sendErrorJson`). Each starts
 * the same way: the status, `private, no-store`, the security headers (server/http/security-headers.ts). Messages
 * are shown to the visitor, so they never carry more than a bounded part of the request.
 */

/** At most `max` characters of something the visitor sent, for messages that echo it. */
export const bounded = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

export const isFormPost = (request: FastifyRequest) =>
  request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') ?? false;

/**
 * Whether the error answer to this request is a document (else JSON): the client accepts HTML (`unsaid`: what a
 * request without Accept gets), it is no payload request, and no script's post.
 */
export function wantsDocument(request: FastifyRequest, unsaid: 'html' | 'json'): boolean {
  const accept = request.headers.accept ?? (unsaid === 'html' ? 'text/html' : '');
  if (!accept.includes('text/html') || pathOf(request.raw.url ?? '/').endsWith('_payload.json')) return false;
  return request.method !== 'POST' || isFormPost(request);
}

/** What every error answer starts with: its status, never stored, the security headers. */
function begin(request: FastifyRequest, reply: FastifyReply, status: number, html: boolean): FastifyReply {
  reply.code(status).header('cache-control', CachePolicy.none);
  // answers decided before the security plugin's hook ran (frameworkErrors) get them here
  if (html) request.server.securityHeaders.secureDocument(request, reply);
  else request.server.securityHeaders.harden(reply);
  return reply.type(html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
}

/** The JSON error answer: `{ statusCode, error, message }` (`error`: the status's name unless given). */
export function sendErrorJson(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  error = STATUS_CODES[status] ?? 'Error',
): FastifyReply {
  return begin(request, reply, status, false).send({ statusCode: status, error, message });
}

/** The error page's reference line from the bundled dictionaries (this document loads nothing). */
const referenceText = (locale: Locale, traceId: string) =>
  createTranslate(locale === 'ru' ? ru : en)('error.reference', { id: traceId });

/**
 * The last-resort document: the status, the message and a link home, in the path's language, nothing to load (no
 * script, no stylesheet). Sent when the error page cannot be rendered and for errors that escape a route.
 */
export function sendPlainDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  locale: Locale,
): FastifyReply {
  // a server error names its request's trace, so a visitor's report can be found in the logs
  const reference = status >= 500 ? `<p>${escapeHtml(referenceText(locale, request.trace.traceId))}</p>` : '';
  return begin(request, reply, status, true).send(
    `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><title>${status}</title></head>` +
      `<body><main><h1>${status}</h1><p>${escapeHtml(message)}</p>${reference}<p><a href="/">↩</a></p></main></body></html>`,
  );
}

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

export interface ErrorDocumentOptions {
  clientBuild: ClientBuild;
  /** origin for the page's absolute URLs (never a request-chosen host) */
  origin: string;
}

/**
 * The branded error page for answers decided before any route runs (a malformed header or URL, a cross-site post, a
 * non-canonical path): the site's layout with the error page, rendered by the same React entry as every document, no
 * client script (nothing to hydrate). Scripts and payload requests get JSON; when the page cannot be rendered, the
 * plain document.
 */
export async function sendErrorDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  options: ErrorDocumentOptions,
): Promise<FastifyReply> {
  if (!wantsDocument(request, 'html')) return sendErrorJson(request, reply, status, message);
  const locale = localeFromPath(pathOf(request.raw.url ?? '/'));
  // the edge may answer before the locale plugin ran: the layout's data must be in the path's language
  request.locale = locale;
  try {
    const real = request.server.upstream.apiFor(request);
    // thrown by the page's loaders: react-router makes it the route error response the page shows
    const failure = data(message, { status, statusText: STATUS_CODES[status] ?? 'Error' });
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
      nonce: request.cspNonce,
      assets: options.clientBuild.assets,
      bootstrapModules: [],
      waitForAll: true,
      streamTimeoutMs: 5000,
      onError: () => {},
    });
    if (result.kind === 'stream') {
      begin(request, reply, status, true);
      if (request.method === 'HEAD') {
        result.stream.resume();
        return reply.send();
      }
      return reply.send(result.stream);
    }
  } catch (err) {
    request.log.warn({ err }, 'error page could not be rendered; plain page sent');
  }
  return sendPlainDocument(request, reply, status, message, locale);
}

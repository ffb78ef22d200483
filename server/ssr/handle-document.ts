import { finished, PassThrough, type Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isRouteErrorResponse } from 'react-router';
import type { FeedbackSubmission } from '../../shared/feedback.ts';
import type { Clock } from '../../shared/router/context.ts';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import type { Loaded, LoadMode } from '../cache/two-level.ts';
import { inlineScriptHashes, NONCE_PLACEHOLDER, swapNonce, withoutNonces } from '../http/csp.ts';
import { endSpan, inSpan, startSpan } from '../tracing/spans.ts';
import { newSources, type Sources } from '../upstream/api.ts';
import type { DocRequest, PageKey } from './cache-key.ts';
import { pageEntry, pageSources, type CacheEntry } from './page-cache.ts';
import type { Slots } from '../slots.ts';
import type { RenderResult } from '../render/entry.server.tsx';
import type { ClientBuild } from './client-build.ts';
import { markCache, servePage, setRenderedCaching, type Produced } from './serve-entry.ts';
import { isBot, toFetchRequest } from './to-fetch-request.ts';

const STREAM_TIMEOUT_MS = 10_000;

/**
 * Documents rendered at once, from their loaders to the end of their stream; the others wait their turn. Each render
 * in flight holds its loaders' data, React's work and its bytes, so a burst of distinct pages (or of visitors who leave
 * at the first byte) is held to this many (ADR 0118). Past the page cache a render is rare, and a few at once keep
 * both cores busy while loaders wait on the upstream.
 */
export const RENDERS_AT_ONCE = 16;
/** The diagnostics channel told the renders in flight (`{ running, waiting }`, server/slots.ts). */
export const RENDERS_CHANNEL = 'glacier:renders';

/** What pages are rendered with; the origin is the request's (`publicOrigin`), the cache the app's (`pageCache`). */
export interface DocumentOptions {
  clientBuild: ClientBuild;
  maps: RuntimeConfig['maps'];
  buildCheckIntervalMs: number;
  /** whether pages register the service worker */
  serviceWorker: boolean;
  /** the loaders' clock (tests pin it) */
  clock?: Clock;
  /** the renders in flight (RENDERS_AT_ONCE) */
  renders: Slots;
}

/** What one document is rendered with: the options and the client entry module(s) it loads (none: no client app). */
interface RenderOptions extends DocumentOptions {
  bootstrapModules: string[];
}

/**
 * Every other GET/HEAD: a cached document, or run the loaders and stream the React document (shell first). The
 * reply itself when a fresh entry was sent in this tick, else the promise of the answer.
 */
export function handleDocument(
  request: FastifyRequest,
  reply: FastifyReply,
  target: DocRequest,
  documentOptions: DocumentOptions,
): FastifyReply | Promise<unknown> {
  const opts: RenderOptions = {
    ...documentOptions,
    // a route without the client app (the offline page) is a static document: no entry module, nothing preloaded
    bootstrapModules: target.clientApp ? documentOptions.clientBuild.bootstrapModules : [],
  };
  const cache = request.server.pageCache;
  const { key } = target;
  if (!cache || !key) {
    markCache(reply, 'bypass');
    sendEarlyHints(request, reply, opts);
    return streamToReply(request, reply, opts, request.url);
  }
  return servePage(request, reply, cache, key.key, (mode) => renderForCache(request, reply, opts, key, mode));
}

/** What a render reports of its errors: each one, and whether the render was stopped on purpose (then none is logged). */
interface RenderErrors {
  onError?: (err: unknown) => void;
  stopped?: () => boolean;
}

async function render(
  request: FastifyRequest,
  opts: RenderOptions,
  nonce: string,
  fetchRequest: Request,
  sources: Sources,
  errors: RenderErrors,
  submission?: FeedbackSubmission,
): Promise<RenderResult> {
  const release = await opts.renders.acquire();
  try {
    const result = await renderInSlot(request, opts, nonce, fetchRequest, sources, errors, submission);
    // the slot is held until the stream has ended or was destroyed
    if (result.kind === 'stream') finished(result.stream, release);
    else release();
    return result;
  } catch (err) {
    release();
    throw err;
  }
}

async function renderInSlot(
  request: FastifyRequest,
  opts: RenderOptions,
  nonce: string,
  fetchRequest: Request,
  sources: Sources,
  errors: RenderErrors,
  submission: FeedbackSubmission | undefined,
): Promise<RenderResult> {
  const { clientBuild } = opts;
  const started = performance.now();
  const { renderDocument } = await clientBuild.load();
  const config: RuntimeConfig = {
    buildId: clientBuild.build.id,
    buildTimestamp: clientBuild.build.timestamp,
    locale: request.locale,
    origin: request.publicOrigin,
    maps: opts.maps,
    buildCheckIntervalMs: opts.buildCheckIntervalMs,
    serviceWorker: opts.serviceWorker,
  };
  // the document's spans (tracing on): to the shell, with the loaders inside, and on to the end of the stream
  const allReady = startSpan('render to all-ready');
  const result = await inSpan('render to shell', undefined, () =>
    renderDocument({
      request: fetchRequest,
      api: request.server.upstream.apiFor(request, sources),
      config,
      nonce,
      assets: clientBuild.assets,
      sectionAssets: clientBuild.sectionAssets,
      clock: opts.clock,
      submission,
      bootstrapModules: opts.bootstrapModules,
      waitForAll: isBot(request.headers['user-agent']),
      traceId: request.trace.traceId,
      streamTimeoutMs: STREAM_TIMEOUT_MS,
      onError: (err) => {
        errors.onError?.(err);
        if (!isRouteErrorResponse(err) && !errors.stopped?.()) request.log.error({ err }, 'render failed');
      },
    }),
  );
  if (result.kind === 'stream' && allReady) result.stream.once('close', () => endSpan(allReady));
  else endSpan(allReady);
  const renderMs = performance.now() - started;
  request.timing.renderMs = renderMs;
  request.server.observeRender(request, renderMs / 1000);
  return result;
}

/** Render without the cache (the request's own nonce) and send it. */
async function streamToReply(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: RenderOptions,
  url: string,
  submission?: FeedbackSubmission,
): Promise<unknown> {
  const sources = newSources();
  const fetchRequest = toFetchRequest(request, reply, url, submission ? 'GET' : request.method);
  const result = await render(request, opts, request.cspNonce, fetchRequest, sources, {}, submission);
  return sendRendered(request, reply, result, result.kind === 'stream' ? result.stream : undefined, sources);
}

/**
 * The answer to a plain feedback post that failed: the feedback page at `url` with the visitor's values and the
 * errors (its loader marks it `private, no-store`), never a redirect that would put them in a URL.
 */
export function renderSubmission(
  request: FastifyRequest,
  reply: FastifyReply,
  url: string,
  documentOptions: DocumentOptions,
  submission: FeedbackSubmission,
): Promise<unknown> {
  const opts: RenderOptions = { ...documentOptions, bootstrapModules: documentOptions.clientBuild.bootstrapModules };
  markCache(reply, 'bypass');
  return streamToReply(request, reply, opts, url, submission);
}

async function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  result: RenderResult,
  body: Readable | undefined,
  sources: Sources,
): Promise<unknown> {
  if (result.kind === 'response') {
    const { response } = result;
    // a loader redirected
    const location = response.headers.get('location');
    if (location) return reply.redirect(location, response.status);
    return reply.code(response.status).send(await response.text());
  }
  // a loader's own Cache-Control (set below with its other headers) replaces the page's
  setRenderedCaching(reply, result.status === 200 && !result.headers.has('cache-control'), sources.tags, 'document');
  result.headers.forEach((value, key) => reply.header(key, value));
  reply.code(result.status).type('text/html; charset=utf-8');
  if (request.method === 'HEAD' || !body) {
    body?.resume();
    return reply.send();
  }
  return reply.send(body);
}

/**
 * Render a page for the cache (placeholder nonce, the normalized URL): the document, handed to the visitor while it
 * renders and stored once it has ended, or a redirect, answered from the visitor's own URL. When every visitor reading
 * it has gone away before its end, the render is stopped (its stream destroyed, which aborts React's render) and
 * nothing is stored: a flood of abandoned requests costs no more than the bytes already sent (ADR 0118). A background
 * refresh has no visitor and always runs to its end.
 */
async function renderForCache(
  request: FastifyRequest,
  reply: FastifyReply,
  opts: RenderOptions,
  key: PageKey,
  { background }: LoadMode,
): Promise<Produced> {
  if (!background) sendEarlyHints(request, reply, opts);
  let failed = false;
  let stopped = false;
  const sources = pageSources(request.server.upstream.cache, key);
  const fetchRequest = detachedRequest(request, key.url);
  const result = await render(request, opts, NONCE_PLACEHOLDER, fetchRequest, sources, {
    onError: () => (failed = true),
    stopped: () => stopped,
  });
  if (result.kind === 'response') {
    // a redirect (canonical page) keeps the parameters the visitor sent: answer it from the visitor's own URL
    const send = () =>
      key.url === request.url
        ? sendRendered(request, reply, result, undefined, sources)
        : streamToReply(request, reply, opts, request.url);
    return { kind: 'live', send };
  }
  const body = recorded(result.stream);
  let streaming = true;
  body.ended.then(
    () => (streaming = false),
    () => (streaming = false),
  );
  return {
    kind: 'streamed',
    send: (reader, answer) => {
      // the visitor left before the render's end (a visitor who left while the loaders ran is gone already); an
      // answer sent in full (a HEAD) is not a visitor who went away
      const gone = () => {
        if (!streaming || answer.raw.writableFinished) return;
        stopped = true;
        streaming = false;
        result.stream.destroy();
      };
      if (answer.raw.destroyed) gone();
      else answer.raw.once('close', gone);
      return sendRendered(reader, answer, result, swapNonce(body.visitor(), reader.cspNonce), sources);
    },
    entry: body.ended.then((whole) =>
      whole
        ? documentEntry(key, result, body.chunks, failed, sources, request.server.pagePolicies.document)
        : undefined,
    ),
  };
}

/**
 * A render's bytes, kept as they come for the entry, and `visitor()`: the same bytes from the first one, for the
 * visitor who asked. `ended` says whether the whole document came (false: the stream was destroyed before its end,
 * the render stopped).
 */
function recorded(source: Readable) {
  const chunks: Buffer[] = [];
  source.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<boolean>((resolve, reject) => {
    source.once('end', () => resolve(true));
    source.once('error', reject);
    source.once('close', () => resolve(source.readableEnded));
  });
  const visitor = () => {
    const live = new PassThrough();
    for (const chunk of chunks) live.write(chunk);
    source.on('data', (chunk: Buffer) => {
      if (!live.destroyed) live.write(chunk);
    });
    ended.then(
      (whole) => (whole ? live.end() : live.destroy()),
      (err: unknown) => live.destroy(err instanceof Error ? err : new Error(String(err))),
    );
    return live;
  };
  return { chunks, ended, visitor };
}
const isPrivate = (headers: Headers) => /private|no-store/.test(headers.get('cache-control') ?? '');

/** What the cache keeps of a rendered document: nothing for a failed, error, private or cookie-setting page. */
function documentEntry(
  key: PageKey,
  result: Extract<RenderResult, { kind: 'stream' }>,
  chunks: Buffer[],
  failed: boolean,
  sources: Sources,
  policy: string,
): Promise<Loaded<CacheEntry>> | undefined {
  const headers: Record<string, string> = {};
  result.headers.forEach((value, name) => (headers[name] = value));
  // a page a loader marked private (a visitor's own values) is never stored
  if (failed || result.status !== 200 || 'set-cookie' in headers || isPrivate(result.headers)) return undefined;
  headers['content-type'] = 'text/html; charset=utf-8';
  headers['cache-control'] ??= policy;
  const html = withoutNonces(Buffer.concat(chunks).toString('utf8'));
  if (html === undefined) return undefined;
  return pageEntry(
    key,
    { status: 200, headers, body: Buffer.from(html), scriptHashes: inlineScriptHashes(html) },
    sources,
  );
}

/** The Fetch Request loaders see for a cached page: the visitor's headers minus cookies, never aborted. */
function detachedRequest(request: FastifyRequest, url: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'cookie') continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else headers.set(name, value);
  }
  return new Request(new URL(url, request.publicOrigin), { method: 'GET', headers });
}

/**
 * 103 Early Hints with the stylesheet and entry module (if the document loads it), before the loaders run (browser
 * navigations only).
 */
function sendEarlyHints(request: FastifyRequest, reply: FastifyReply, opts: RenderOptions) {
  if (request.method !== 'GET' || request.headers['sec-fetch-dest'] !== 'document') return;
  if (typeof reply.raw.writeEarlyHints !== 'function') return;
  const link = [
    ...opts.clientBuild.assets.styles.map((href) => `<${href}>; rel=preload; as=style`),
    ...opts.bootstrapModules.map((href) => `<${href}>; rel=modulepreload`),
  ];
  if (link.length > 0) reply.writeEarlyHints({ link });
}

import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from 'react-router';
import type { ApiPort } from '../../shared/api/api-port.ts';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '../../shared/runtime-config.ts';
import type { FeedbackSubmission } from '../../shared/feedback.ts';
import { loaderContext, type Clock } from '../../shared/router/context.ts';
import { NOT_FOUND_ROUTE_ID, ROOT_ROUTE_ID, routeNodes } from '../../shared/router/route-tree.ts';
import { loaderSpans } from '../tracing/loader-spans.ts';
import { createLocaleHandlers, createServerRoutes, loadAllPages } from '../../shared/router/routes.server.ts';
import { scriptSafeJson } from '../../shared/serialize.ts';
import { RuntimeConfigProvider } from '../../shared/ui/runtime-config.tsx';
import { Document, type DocumentAssets } from '../../shared/ui/Document.tsx';
import { Root, RootErrorBoundary } from '../../shared/ui/Root.tsx';
import { FragmentStoreContext } from '../../shared/ui/fast-paths/RenderOnce.tsx';
import { ErrorReferenceContext } from '../../shared/ui/error-reference.ts';
import { createFragmentStore } from './fragment-store.ts';
import { routeErrorResponse } from '../../shared/router/error-response.ts';

// its loader always throws 404, so the root boundary renders instead
const NotFound = () => null;

/** The server renders any page: every section's pages, loaded once, on the routes assembled for the server. */
const pages = await loadAllPages();
pages.set(ROOT_ROUTE_ID, { Component: Root, ErrorBoundary: RootErrorBoundary });
pages.set(NOT_FOUND_ROUTE_ID, { Component: NotFound });
const handlers = createLocaleHandlers(await createServerRoutes(pages), loaderSpans);

/** the fragments of `<RenderOnce>` (the footer), shared by every render of this process */
const fragments = createFragmentStore();

export interface RenderInput {
  request: Request;
  api: ApiPort;
  config: RuntimeConfig;
  nonce: string;
  assets: DocumentAssets;
  /** stylesheets and chunks of each section's pages (from the client build's manifest) */
  sectionAssets?: SectionAssets;
  /** the loaders' clock (tests pin it) */
  clock?: Clock;
  /** a plain feedback post that failed: the feedback page is its answer */
  submission?: FeedbackSubmission;
  /** the client entry module URL(s); none: a document without the client app (no module preloads, no hydration data) */
  bootstrapModules: string[];
  /** wait for the whole document (crawlers) instead of sending the shell first */
  waitForAll: boolean;
  /** the request's trace id, shown on a server error page */
  traceId?: string;
  /** abort rendering after this many ms */
  streamTimeoutMs: number;
  onError: (err: unknown) => void;
}

/** Stylesheets and module chunks of each section's pages chunk, by section name. */
export type SectionAssets = Readonly<Record<string, DocumentAssets>>;

/**
 * The entry's assets plus those of the sections of the matched routes (their CSS, and their chunk preloaded); the
 * stylesheets only for a document without the client app.
 */
function pageAssets(input: RenderInput, context: StaticHandlerContext): DocumentAssets {
  const app = input.bootstrapModules.length > 0;
  const styles = [...input.assets.styles];
  const preloads = app ? [...input.assets.preloads] : [];
  for (const match of context.matches) {
    const section = routeNodes.get(match.route.id)?.section;
    const own = section ? input.sectionAssets?.[section] : undefined;
    if (!own) continue;
    styles.push(...own.styles.filter((href) => !styles.includes(href)));
    if (app) preloads.push(...own.preloads.filter((href) => !preloads.includes(href)));
  }
  return { styles, preloads };
}

/**
 * The context as the document shows it and the browser hydrates it: an unexpected error's message stays on the
 * server (a route error response, a 404 say, is kept as it is).
 */
function withoutErrorMessages(context: StaticHandlerContext): StaticHandlerContext {
  if (!context.errors) return context;
  const errors: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(context.errors))
    errors[routeId] = value instanceof Error ? new Error('Internal Server Error') : value;
  return { ...context, errors };
}

export type RenderResult =
  { kind: 'response'; response: Response } | { kind: 'stream'; status: number; headers: Headers; stream: Readable };

/** Run the matched loaders, then stream the document: shell first, hydration data before the client entry. */
export async function renderDocument(input: RenderInput): Promise<RenderResult> {
  const handler = handlers[input.config.locale];
  const requestContext = loaderContext(input.api, input.clock, input.submission);
  const context = await handler.query(input.request, { requestContext });
  if (context instanceof Response) return { kind: 'response', response: context };
  for (const err of Object.values(context.errors ?? {})) input.onError(err);

  try {
    return await streamDocument(input, handler, context);
  } catch (err) {
    // a component threw while rendering the shell: render the 500 page instead, inside the layout
    input.onError(err);
    const failed: StaticHandlerContext = {
      ...context,
      errors: { [ROOT_ROUTE_ID]: routeErrorResponse(500, 'Internal Server Error') },
      statusCode: 500,
    };
    return streamDocument(input, handler, failed);
  }
}

function streamDocument(
  input: RenderInput,
  handler: StaticHandler,
  loaded: StaticHandlerContext,
): Promise<RenderResult> {
  const context = withoutErrorMessages(loaded);
  const router = createStaticRouter(handler.dataRoutes, context);
  // what the client app reads before it hydrates (the runtime config here, the loader data from
  // StaticRouterProvider's script): nothing without it
  const app = input.bootstrapModules.length > 0;
  const bootstrapScriptContent = app ? `window.${RUNTIME_CONFIG_GLOBAL}=${scriptSafeJson(input.config)};` : undefined;

  const headers = new Headers();
  const deepest = context.matches[context.matches.length - 1];
  const loaderHeaders = deepest ? context.loaderHeaders[deepest.route.id] : undefined;
  loaderHeaders?.forEach((value, key) => headers.set(key, value));

  let status = context.statusCode;
  return new Promise<RenderResult>((resolve, reject) => {
    let settled = false;
    const body = new PassThrough();
    const ready = () => {
      if (settled) return;
      settled = true;
      pipe(body);
      resolve({ kind: 'stream', status, headers, stream: body });
    };
    const { pipe, abort } = renderToPipeableStream(
      <Document locale={input.config.locale} assets={pageAssets(input, context)}>
        <RuntimeConfigProvider value={input.config}>
          <FragmentStoreContext.Provider value={fragments}>
            <ErrorReferenceContext value={input.traceId}>
              <StaticRouterProvider router={router} context={context} hydrate={app} nonce={input.nonce} />
            </ErrorReferenceContext>
          </FragmentStoreContext.Provider>
        </RuntimeConfigProvider>
      </Document>,
      {
        nonce: input.nonce,
        bootstrapScriptContent,
        bootstrapModules: input.bootstrapModules,
        // a finished Suspense boundary stays in place: React 19.2 would otherwise send a large one hidden at the end of
        // the document and reveal it by a script (invisible without JavaScript, painted late; ADR 0078)
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady: input.waitForAll ? undefined : ready,
        onAllReady: input.waitForAll ? ready : undefined,
        onShellError: (err: unknown) => {
          if (settled) return;
          settled = true;
          reject(err);
        },
        onError: (err: unknown) => {
          // after the shell was sent the status can no longer change; the error is logged
          if (!settled) status = 500;
          input.onError(err);
        },
      },
    );
    const timer = setTimeout(() => abort(new Error('render timed out')), input.streamTimeoutMs);
    body.on('close', () => clearTimeout(timer));
  });
}

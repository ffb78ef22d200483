import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl,
  type StaticHandler,
  type StaticHandlerContext,
} from 'react-router';
import type { ApiPort } from '../shared/api/api-port.ts';
import { APP_CONFIG_GLOBAL, type AppConfig } from '../shared/app-config.ts';
import { LOCALES, type Locale } from '../shared/constants.ts';
import { apiContext } from '../shared/context.ts';
import { LOCALE_INFO } from '../shared/locales.ts';
import { ROOT_ROUTE_ID } from '../shared/routes/table.ts';
import { scriptSafeJson, serializeErrors } from '../shared/serialize.ts';
import { AppConfigProvider } from './app-config.tsx';
import { Document, type DocumentAssets } from './Document.tsx';
import { routes } from './routes.tsx';

/** One static handler per locale basename, built once. */
const handlers = Object.fromEntries(
  LOCALES.map((locale) => [locale, createStaticHandler(routes, { basename: LOCALE_INFO[locale].basename || '/' })]),
) as Record<Locale, StaticHandler>;

export interface RenderInput {
  request: Request;
  api: ApiPort;
  config: AppConfig;
  nonce: string;
  assets: DocumentAssets;
  /** the client entry module URL(s) */
  bootstrapModules: string[];
  /** wait for the whole document (crawlers) instead of sending the shell first */
  waitForAll: boolean;
  /** abort rendering after this many ms */
  streamTimeoutMs: number;
  onError: (err: unknown) => void;
}

export type RenderResult =
  { kind: 'response'; response: Response } | { kind: 'stream'; status: number; headers: Headers; stream: Readable };

/** Run the matched loaders, then stream the document: shell first, hydration data before the client entry. */
export async function renderDocument(input: RenderInput): Promise<RenderResult> {
  const handler = handlers[input.config.locale];
  const requestContext = new RouterContextProvider(new Map([[apiContext, input.api]]));
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
      errors: { [ROOT_ROUTE_ID]: new UNSAFE_ErrorResponseImpl(500, 'Internal Server Error', null) },
      statusCode: 500,
    };
    return streamDocument(input, handler, failed);
  }
}

function streamDocument(
  input: RenderInput,
  handler: StaticHandler,
  context: StaticHandlerContext,
): Promise<RenderResult> {
  const router = createStaticRouter(handler.dataRoutes, context);
  const hydration = {
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: serializeErrors(context.errors),
  };
  const bootstrapScriptContent =
    `window.${APP_CONFIG_GLOBAL}=${scriptSafeJson(input.config)};` +
    `window.__staticRouterHydrationData=${scriptSafeJson(hydration)};`;

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
      <Document locale={input.config.locale} assets={input.assets}>
        <AppConfigProvider value={input.config}>
          <StaticRouterProvider router={router} context={context} hydrate={false} nonce={input.nonce} />
        </AppConfigProvider>
      </Document>,
      {
        nonce: input.nonce,
        bootstrapScriptContent,
        bootstrapModules: input.bootstrapModules,
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

import { Fragment, startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '../shared/runtime-config.ts';
import { APP_ROOT_ID } from '../shared/constants.ts';
import { LOCALE_INFO } from '../shared/locales.ts';
import { ROOT_ROUTE_ID } from '../shared/router/route-tree.ts';
import { islandsHydrated } from '../shared/ui/deferred.tsx';
import { afterLoad } from '../shared/ui/idle.ts';
import { loadErrorPage } from '../shared/ui/Root.tsx';
import { RuntimeConfigProvider } from '../shared/ui/runtime-config.tsx';
import { clientRoutes, loadFirstPageRoutes, preloadRouteChunk } from './routes.ts';
import type { AppManifest } from './runtime/app-manifest.ts';
import { importWithReload, setNavigationTarget } from './runtime/chunk-reload.ts';
import type { HydrationData, ManifestView, PayloadClient } from './runtime/payload-client.ts';
import { reportError } from '../shared/ui/report.ts';

declare global {
  interface Window {
    [RUNTIME_CONFIG_GLOBAL]: RuntimeConfig;
    /** written by the server before the entry (server/render/entry.server.tsx) */
    __staticRouterHydrationData?: HydrationData;
  }
}

/**
 * The end of a step of start-up (a User Timing mark, `app:` and the step): the section chunk's evaluation (`routes`)
 * and the router's creation (`router`) end their tasks, so the browser runs what waits (input, a frame) before the
 * next step, and hydration (`hydrate`) starts in a task of its own, instead of all of them making one long task.
 */
const endOfStep = (step: 'routes' | 'router') => {
  performance.mark(`app:${step}`);
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
};

let onHydrated = () => {};
const hydratedOnce = new Promise<void>((resolve) => (onHydrated = resolve));

/**
 * Marks the document once React has hydrated it, the header and the footer included (tests and diagnostics wait for
 * it): they hydrate once their code, fetched after the load event, is there (ADR 0102).
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    void islandsHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true';
      onHydrated();
    });
  }, []);
  return children;
}

/**
 * React derives useId values from an element's position in the tree. The server renders the app inside
 * <html>{[<head/>, <body/>]}</html>, so the app sits in the second of two slots; the client root (#__nuxt) puts it
 * in the same slot, so ids (labels, aria-describedby) hydrate without a mismatch.
 */
function DocumentSlot({ children }: { children: ReactNode }) {
  return [<Fragment key="head" />, <Fragment key="body">{children}</Fragment>];
}

/** Start what a chunk of its own does: a chunk that cannot load or start is reported, and the page goes on without it. */
function start<M>(what: string, chunk: Promise<M>, run: (module: M) => unknown): void {
  chunk.then(run).catch((err: unknown) => reportError(`${what} could not start`, err));
}

/** The payload client, its chunk fetched when first asked for (and asked again after a failure). */
function payloadClientLoader(
  buildId: string,
  manifest: ManifestView,
  hydrationData: HydrationData | undefined,
  firstPage: { pathname: string; search: string },
): () => Promise<PayloadClient> {
  const loadPayloadModule = importWithReload(() => import('./runtime/payload-client.ts'));
  let payloadClient: Promise<PayloadClient> | undefined;
  return () =>
    (payloadClient ??= loadPayloadModule().then(
      ({ createPayloadClient, seedFromHydration }) => {
        const client = createPayloadClient(buildId, { manifest });
        // the first page's own data is its payload: going back to it asks the server nothing
        seedFromHydration(client, hydrationData, firstPage, ROOT_ROUTE_ID);
        return client;
      },
      (err: unknown) => {
        payloadClient = undefined;
        throw err;
      },
    ));
}

/**
 * Hydration as a transition: React yields to the browser every few milliseconds instead of hydrating the whole
 * document in one long task (no input delay, no total blocking time at start-up; React Router's own entry does it).
 */
function hydrate(container: HTMLElement, config: RuntimeConfig, router: DataRouter) {
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <DocumentSlot>
          <RuntimeConfigProvider value={config}>
            <Hydrated>
              <RouterProvider router={router} />
            </Hydrated>
          </RuntimeConfigProvider>
        </DocumentSlot>
      </StrictMode>,
      {
        onRecoverableError: (err) => reportError('recoverable render error', err),
      },
    );
  });
}

/**
 * Link prefetching waits for the load event, hydration and an idle moment: its code is a chunk of its own, off the
 * first load, and its work never competes with hydration (ADR 0075).
 */
function startLinkPrefetching(
  router: DataRouter,
  container: HTMLElement,
  basename: string,
  payloads: () => Promise<PayloadClient>,
) {
  void hydratedOnce.then(() =>
    afterLoad(
      () => {
        start('link prefetching', Promise.all([import('./runtime/prefetch.ts'), payloads()]), ([module, payloads]) =>
          module.startPrefetch({
            payloads,
            preloadChunk: (pathname) => preloadRouteChunk(pathname, basename),
            basename,
            root: container,
            onNavigated: (listener) =>
              router.subscribe((state) => {
                if (state.navigation.state === 'idle') requestAnimationFrame(listener);
              }),
          }),
        );
      },
      { idle: true },
    ),
  );
}

/**
 * The browser's app (ADR 0075): hydrates the document with the router, once the first page's section chunk is there,
 * and starts, after the load event, what the page does not need before it (ADR 0102). Part of the first-load chunk;
 * the entry module only calls it (a top-level await in this chunk would never finish: section chunks import it).
 */
export async function startApp(): Promise<void> {
  const config = window[RUNTIME_CONFIG_GLOBAL];
  const basename = LOCALE_INFO[config.locale].basename || '/';
  const firstPage = { pathname: window.location.pathname, search: window.location.search };
  const hydrationData = window.__staticRouterHydrationData;
  const hasErrors = (errors: HydrationData['errors']) => !!errors && Object.keys(errors).length > 0;

  // field Core Web Vitals at the load event itself, off the first load (the library reads the entries buffered before
  // it): not after hydration or an idle moment, which a reader who leaves within a second of the load event never
  // reaches (ADR 0119)
  afterLoad(() =>
    start('web vitals', import('./runtime/web-vitals.ts'), ({ reportWebVitals }) =>
      reportWebVitals(firstPage.pathname),
    ),
  );

  // the app manifest (route rules, new builds) is a chunk of its own, started after the load event (ADR 0102): until it
  // has fetched its rules, as before, no route rule applies and no build is outdated
  let manifest: AppManifest | undefined;
  const manifestView: ManifestView = {
    isOutdated: () => manifest?.isOutdated() ?? false,
    redirectFor: (pathname) => manifest?.redirectFor(pathname),
  };

  // the payload client is one too: the first page hydrates from its document, and the client is fetched with the first
  // navigation or prefetch that needs a payload (after the load event, as a rule)
  const payloads = payloadClientLoader(config.buildId, manifestView, hydrationData, firstPage);

  // the section chunk of the first page must be there before hydration (react-router lazy routes + SSR), and so must the
  // error page's for a document that shows it
  await Promise.all([
    loadFirstPageRoutes(hydrationData, window.location.pathname, basename),
    hasErrors(hydrationData?.errors) ? loadErrorPage() : undefined,
  ]);
  await endOfStep('routes');

  // hydration data comes from window.__staticRouterHydrationData, written by the server before this module
  const router = createBrowserRouter(clientRoutes, {
    basename,
    dataStrategy: async (args) => {
      const results = await (await payloads()).dataStrategy(args);
      // a route's error is shown by the error page: its code is there before the navigation commits
      if (Object.values(results).some((result) => result.type === 'error')) await loadErrorPage();
      return results;
    },
  });

  setNavigationTarget(() => {
    const next = router.state.navigation.location;
    return next ? router.createHref(next) : undefined;
  });

  const container = document.getElementById(APP_ROOT_ID);
  if (!container) throw new Error(`#${APP_ROOT_ID} is missing`);
  await endOfStep('router');
  performance.mark('app:hydrate');

  hydrate(container, config, router);

  // nothing below runs before the load event (ADR 0102): the build checks, the service worker and link prefetching
  // neither compete with the page's own requests nor hold its load event back
  afterLoad(() => {
    start('back-to-top', import('./runtime/back-to-top.ts'), ({ startBackToTop }) => startBackToTop());
    start('build checks', import('./runtime/app-manifest.ts'), ({ createAppManifest }) => {
      manifest = createAppManifest(config.buildId);
      manifest.preloadSoon();
      manifest.poll(config.buildCheckIntervalMs);
    });
  });

  // the service worker too: registered once the page has loaded and hydrated and is idle, from a chunk of its own
  void hydratedOnce.then(() =>
    afterLoad(
      () =>
        start('service worker', import('./runtime/service-worker.ts'), ({ startServiceWorker }) =>
          startServiceWorker(config),
        ),
      { idle: true },
    ),
  );

  startLinkPrefetching(router, container, basename, payloads);
}

import '@vitejs/plugin-react/preamble';
import './styles/index.css';
// every section's stylesheet, in the entry's CSS: components are shared across sections (the file list, cards, the
// map), so their rules must be there whichever section's page comes first
import.meta.glob('../shared/sections/*/styles.css', { eager: true });
// and the components' own stylesheets: otherwise the shared page kit's few rules were a second render-blocking
// stylesheet on every section page, a request on the way to the first paint (ADR 0077)
import.meta.glob('../shared/ui/**/*.css', { eager: true });
import { Fragment, startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RUNTIME_CONFIG_GLOBAL, type RuntimeConfig } from '../shared/runtime-config.ts';
import { APP_ROOT_ID } from '../shared/constants.ts';
import { LOCALE_INFO } from '../shared/locales.ts';
import { ROOT_ROUTE_ID } from '../shared/router/route-tree.ts';
import { islandsHydrated } from '../shared/ui/deferred.tsx';
import { afterLoad } from '../shared/ui/idle.ts';
import { RuntimeConfigProvider } from '../shared/ui/runtime-config.tsx';
import { clientRoutes, loadRouteModules, preloadRouteChunk } from './routes.ts';
import { createAppManifest } from './runtime/app-manifest.ts';
import { setNavigationTarget } from './runtime/chunk-reload.ts';
import { createPayloadClient, seedFromHydration, type HydrationData } from './runtime/payload-client.ts';
import { reportError } from '../shared/ui/report.ts';

declare global {
  interface Window {
    [RUNTIME_CONFIG_GLOBAL]: RuntimeConfig;
    /** written by the server before the entry (server/render/entry.server.tsx) */
    __staticRouterHydrationData?: HydrationData;
  }
}

const config = window[RUNTIME_CONFIG_GLOBAL];
const basename = LOCALE_INFO[config.locale].basename || '/';
// a new build is out: the service worker of the new build is fetched now (it drops the old build's caches)
const manifest = createAppManifest(config.buildId, undefined, () =>
  import('./runtime/service-worker.ts').then(
    ({ updateServiceWorker }) => updateServiceWorker(),
    (err: unknown) => reportError('service worker update failed', err),
  ),
);
const payloads = createPayloadClient(config.buildId, { manifest });
// the first page's own data is its payload: going back to it asks the server nothing
seedFromHydration(payloads, window.__staticRouterHydrationData, window.location, ROOT_ROUTE_ID);

// the section chunk of the first page must be there before hydration (react-router lazy routes + SSR)
await loadRouteModules(clientRoutes, window.location.pathname, basename);

// hydration data comes from window.__staticRouterHydrationData, written by the server before this module
const router = createBrowserRouter(clientRoutes, { basename, dataStrategy: payloads.dataStrategy });

setNavigationTarget(() => {
  const next = router.state.navigation.location;
  return next ? router.createHref(next) : undefined;
});

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

const container = document.getElementById(APP_ROOT_ID);
if (!container) throw new Error(`#${APP_ROOT_ID} is missing`);

// hydration as a transition: React yields to the browser every few milliseconds instead of hydrating the whole
// document in one long task (no input delay, no total blocking time at start-up; React Router's own entry does it)
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

// nothing below runs before the load event (ADR 0102): the build checks, the service worker and link prefetching
// neither compete with the page's own requests nor hold its load event back
afterLoad(() => {
  manifest.preloadSoon();
  manifest.poll(config.buildCheckIntervalMs);
});

// the service worker too: registered once the page has loaded and hydrated and is idle, from a chunk of its own
void hydratedOnce.then(() =>
  afterLoad(
    () => {
      import('./runtime/service-worker.ts')
        .then(({ startServiceWorker }) => startServiceWorker(config))
        .catch((err: unknown) => reportError('service worker could not start', err));
    },
    { idle: true },
  ),
);

// link prefetching waits for the load event, hydration and an idle moment: its code is a chunk of its own, off the
// first load, and its work never competes with hydration (ADR 0075)
void hydratedOnce.then(() =>
  afterLoad(
    () => {
      import('./runtime/prefetch.ts').then(
        ({ startPrefetch }) =>
          startPrefetch({
            payloads,
            preloadChunk: (pathname) => preloadRouteChunk(pathname, basename),
            basename,
            root: container,
            onNavigated: (listener) =>
              router.subscribe((state) => {
                if (state.navigation.state === 'idle') requestAnimationFrame(listener);
              }),
          }),
        (err: unknown) => reportError('link prefetching could not start', err),
      );
    },
    { idle: true },
  ),
);

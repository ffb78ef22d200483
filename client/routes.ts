import { matchRoutes, type RouteObject } from 'react-router';
import type { PageDef } from '../shared/router/define.ts';
import { NOT_FOUND_ROUTE_ID, ROOT_ROUTE_ID, sectionByName, toRouteObjects } from '../shared/router/route-tree.ts';
import type { SectionName } from '../shared/sections/registry.ts';
import { Root, RootErrorBoundary } from '../shared/ui/Root.tsx';
import { importWithReload } from './runtime/chunk-reload.ts';
import type { HydrationData } from './runtime/payload-client.ts';

// its loader always throws 404, so the root boundary renders instead
const NotFound = () => null;

/**
 * A section's pages chunk (fetched once: the browser's module map keeps it); a navigation that cannot load it reloads
 * the page (guarded).
 */
function sectionPages(name: SectionName): Promise<Record<string, PageDef>> {
  const section = sectionByName.get(name);
  if (!section) throw new Error(`Unknown section ${name}`);
  return importWithReload(async () => (await section.pages()).pages)();
}

/**
 * The browser's routes: ids and paths from the registry, the layout bundled, every section's pages a lazy chunk.
 * No loaders: data comes only through the payload `dataStrategy`.
 */
export const clientRoutes: RouteObject[] = [
  toRouteObjects((node) => {
    // `loader: true`: every route has data on the server, which the payload dataStrategy fetches (no loader code here)
    if (node.id === ROOT_ROUTE_ID)
      return { loader: true, Component: Root, ErrorBoundary: RootErrorBoundary, hasErrorBoundary: true };
    if (node.id === NOT_FOUND_ROUTE_ID || !node.section) return { loader: true, Component: NotFound };
    const section = node.section;
    return {
      loader: true,
      lazy: async () => {
        const page = (await sectionPages(section))[node.id];
        if (!page) throw new Error(`No page component for route ${node.id}`);
        return { Component: page.Component, ErrorBoundary: page.ErrorBoundary };
      },
    };
  }),
];

/** Every route object of `clientRoutes` by id, nested ones included. */
const routesById = new Map<string, RouteObject>();
const indexRoutes = (routes: RouteObject[]) => {
  for (const route of routes) {
    if (route.id) routesById.set(route.id, route);
    if (route.children) indexRoutes(route.children);
  }
};
indexRoutes(clientRoutes);

/** Resolve a route's lazy part in place: this app's routes are lazy as a whole (one function), never by property. */
async function resolveLazy(route: RouteObject) {
  const lazy = route.lazy;
  if (typeof lazy === 'function') Object.assign(route, { ...(await lazy()), lazy: undefined });
}

/** Load the lazy parts of the routes matching `pathname`. */
export async function loadRouteModules(routes: RouteObject[], pathname: string, basename: string) {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(matches.map((m) => resolveLazy(m.route)));
}

/**
 * Load the lazy parts of the first page's routes, which react-router needs before it hydrates. A document without
 * errors carries data for every route the server matched (each has a loader), so its hydration data names them:
 * matching the URL again would flatten, rank and compile the whole route table, a third of start-up's longest task. A
 * document with errors lacks the data of the routes that failed, so its URL is matched, as is one without data.
 */
export async function loadFirstPageRoutes(hydration: HydrationData | undefined, pathname: string, basename: string) {
  const failed = !hydration?.loaderData || (hydration.errors && Object.keys(hydration.errors).length > 0);
  if (failed) return loadRouteModules(clientRoutes, pathname, basename);
  const routes = Object.keys(hydration.loaderData ?? {}).map((id) => routesById.get(id));
  await Promise.all(routes.map((route) => (route ? resolveLazy(route) : undefined)));
}

/** Warm the section chunk of a path without touching the router's route objects (prefetch). */
export function preloadRouteChunk(pathname: string, basename: string): Promise<unknown> {
  const matches = matchRoutes(clientRoutes, pathname, basename) ?? [];
  return Promise.all(
    matches.map((m) => {
      const section = m.route.id ? sectionOfRoute.get(m.route.id) : undefined;
      // a prefetch that cannot load the chunk just gives up (no reload)
      return section
        ? sectionByName
            .get(section)
            ?.pages()
            .catch(() => undefined)
        : undefined;
    }),
  );
}

const sectionOfRoute = new Map<string, SectionName>();
for (const section of sectionByName.values()) for (const r of section.routes) sectionOfRoute.set(r.id, section.name);

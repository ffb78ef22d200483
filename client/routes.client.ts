import { matchRoutes, type RouteObject } from 'react-router';
import { routeTable, toRouteObjects, type RouteDef } from '../shared/routes/table.ts';
import { routes as aboutRoutes } from '../shared/routes/sections/about.ts';
import { routes as countriesRoutes } from '../shared/routes/sections/countries.ts';
import { routes as cryosphereRoutes } from '../shared/routes/sections/cryosphere.ts';
import { routes as eventsJobsRoutes } from '../shared/routes/sections/events-jobs.ts';
import { routes as multimediaRoutes } from '../shared/routes/sections/multimedia.ts';
import { routes as resourcesRoutes } from '../shared/routes/sections/resources.ts';
import { routes as searchRoutes } from '../shared/routes/sections/search.ts';
import { routes as studyRoutes } from '../shared/routes/sections/study.ts';
import type { PageMap } from './page-map.ts';
import { corePages } from './core-pages.tsx';
import { importWithReload } from './runtime/chunk-reload.ts';

/** Each section's pages are a separate chunk, loaded when a route of the section is first needed. */
const sections: [RouteDef[], () => Promise<{ pages: PageMap }>][] = [
  [aboutRoutes, () => import('./pages/about/index.ts')],
  [countriesRoutes, () => import('./pages/countries/index.ts')],
  [cryosphereRoutes, () => import('./pages/cryosphere/index.ts')],
  [eventsJobsRoutes, () => import('./pages/events-jobs/index.ts')],
  [multimediaRoutes, () => import('./pages/multimedia/index.ts')],
  [resourcesRoutes, () => import('./pages/resources/index.ts')],
  [searchRoutes, () => import('./pages/search/index.ts')],
  [studyRoutes, () => import('./pages/study/index.ts')],
];

const ids = (defs: RouteDef[]): string[] => defs.flatMap((d) => [d.id, ...ids(d.children ?? [])]);
const rawLoaderOf = new Map(sections.flatMap(([defs, load]) => ids(defs).map((id) => [id, load] as const)));
// a navigation that cannot load its chunk reloads the page (guarded); a prefetch that cannot just gives up
const loaderOf = new Map([...rawLoaderOf].map(([id, load]) => [id, importWithReload(load)] as const));

/** The browser's routes: the same table, core pages bundled, section pages lazy. */
export const clientRoutes: RouteObject[] = toRouteObjects(routeTable, (def) => {
  const core = corePages[def.id];
  if (core) return { Component: core.Component, ErrorBoundary: core.ErrorBoundary };
  const load = loaderOf.get(def.id);
  if (!load) throw new Error(`No page component for route ${def.id}`);
  return {
    lazy: async () => {
      const page = (await load()).pages[def.id];
      if (!page) throw new Error(`No page component for route ${def.id}`);
      return { Component: page.Component, ErrorBoundary: page.ErrorBoundary };
    },
  };
});

/** Load the lazy parts of the routes matching `pathname` (before hydration, and for prefetching). */
export async function loadRouteModules(routes: RouteObject[], pathname: string, basename: string) {
  const matches = matchRoutes(routes, pathname, basename) ?? [];
  await Promise.all(
    matches
      .filter((m) => m.route.lazy)
      .map(async (m) => {
        const lazy = m.route.lazy as () => Promise<Partial<RouteObject>>;
        Object.assign(m.route, { ...(await lazy()), lazy: undefined });
      }),
  );
}

/** Warm the section chunk of a path without touching the router's route objects (prefetch). */
export function preloadRouteChunk(pathname: string, basename: string): Promise<unknown> {
  const matches = matchRoutes(clientRoutes, pathname, basename) ?? [];
  return Promise.all(matches.map((m) => rawLoaderOf.get(m.route.id ?? '')?.()));
}

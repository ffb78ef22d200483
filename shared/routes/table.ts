import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { throwNotFound } from './errors.ts';
import { feedbackLoader } from './feedback.ts';
import { withMiddleware } from './middleware.ts';
import { homeLoader } from './home.ts';
import { newsDetailLoader, newsListLoader } from './news.ts';
import { rootLoader, rootShouldRevalidate } from './root.ts';
import { routes as aboutRoutes } from './sections/about.ts';
import { routes as cryosphereRoutes } from './sections/cryosphere.ts';
import { routes as countriesRoutes } from './sections/countries.ts';
import { routes as eventsJobsRoutes } from './sections/events-jobs.ts';
import { routes as multimediaRoutes } from './sections/multimedia.ts';
import { routes as studyRoutes } from './sections/study.ts';
import { routes as resourcesRoutes } from './sections/resources.ts';
import { routes as searchRoutes } from './sections/search.ts';

/**
 * The route table: ids, paths and loaders, shared by the server (documents and payloads) and the client. Components
 * are attached by id in client/routes.tsx, so this module stays free of React and runs in the payload path alone.
 */
export interface RouteDef {
  id: string;
  path?: string;
  index?: true;
  loader: (args: LoaderFunctionArgs) => Promise<unknown>;
  shouldRevalidate?: ShouldRevalidateFunction;
  /** names of route middleware (shared/routes/middleware.ts) run before the loader */
  middleware?: string[];
  children?: RouteDef[];
}

export const ROOT_ROUTE_ID = 'root';

/** Static segments outrank dynamic ones (react-router ranking), so `/news` wins over `/:product`. */
export const routeTable: RouteDef[] = withMiddleware([
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    children: [
      { id: 'home', index: true, loader: homeLoader },
      { id: 'news-list', path: 'news', loader: newsListLoader, middleware: ['canonical-page'] },
      { id: 'news-detail', path: 'news/:slug', loader: newsDetailLoader },
      { id: 'feedback', path: 'feedback', loader: feedbackLoader },
      ...aboutRoutes,
      ...cryosphereRoutes,
      ...countriesRoutes,
      ...eventsJobsRoutes,
      ...multimediaRoutes,
      ...studyRoutes,
      ...resourcesRoutes,
      ...searchRoutes,
      { id: 'not-found', path: '*', loader: async ({ request }) => throwNotFound(request) },
    ],
  },
]);

/** RouteObjects for react-router; `extend` adds per-route properties (the client adds components). */
export function toRouteObjects(
  defs: RouteDef[] = routeTable,
  extend: (def: RouteDef) => Partial<RouteObject> = () => ({}),
): RouteObject[] {
  return defs.map((def) => {
    const common = { id: def.id, loader: def.loader, shouldRevalidate: def.shouldRevalidate, ...extend(def) };
    if (def.index) return { ...common, index: true as const, children: undefined };
    return {
      ...common,
      path: def.path,
      index: false as const,
      children: def.children && toRouteObjects(def.children, extend),
    };
  });
}

import type { LoaderFunctionArgs, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { throwNotFound } from './errors.ts';
import { homeLoader } from './home.ts';
import { newsDetailLoader, newsListLoader } from './news.ts';
import { rootLoader, rootShouldRevalidate } from './root.ts';

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
  children?: RouteDef[];
}

export const ROOT_ROUTE_ID = 'root';

export const routeTable = [
  {
    id: ROOT_ROUTE_ID,
    path: '/',
    loader: rootLoader,
    shouldRevalidate: rootShouldRevalidate,
    children: [
      { id: 'home', index: true, loader: homeLoader },
      { id: 'news-list', path: 'news', loader: newsListLoader },
      { id: 'news-detail', path: 'news/:slug', loader: newsDetailLoader },
      { id: 'not-found', path: '*', loader: async ({ request }) => throwNotFound(request) },
    ],
  },
] as const satisfies readonly RouteDef[];

export type RouteId = 'root' | 'home' | 'news-list' | 'news-detail' | 'not-found';

/** RouteObjects for react-router; `extend` adds per-route properties (the client adds components). */
export function toRouteObjects(
  defs: readonly RouteDef[] = routeTable,
  extend: (def: RouteDef) => Partial<RouteObject> = () => ({}),
): RouteObject[] {
  return defs.map((def) => {
    const common = { id: def.id, loader: def.loader, shouldRevalidate: def.shouldRevalidate, ...extend(def) };
    if (def.index) return { ...common, index: true as const, children: undefined };
    return { ...common, path: def.path, index: false as const, children: def.children && toRouteObjects(def.children, extend) };
  });
}

import type { IndexRouteObject, NonIndexRouteObject, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { sections, type Section, type SectionName } from '../sections/registry.ts';
import type { RouteSpec } from './define.ts';

/**
 * The site's route tree, derived from the section registry: ids, paths and the section each route belongs to. It is
 * free of loaders and components, so the browser, the server and tests all start from it.
 */
export const ROOT_ROUTE_ID = 'root';
export const NOT_FOUND_ROUTE_ID = 'not-found';

export type SectionRouteId = Section['routes'][number]['id'];
export type RouteId = SectionRouteId | typeof ROOT_ROUTE_ID | typeof NOT_FOUND_ROUTE_ID;

export interface RouteNode extends RouteSpec {
  readonly id: RouteId;
  /** the section whose folder holds the route's page and loader; none for the root layout and the 404 route */
  readonly section?: SectionName;
  readonly children?: readonly RouteNode[];
}

export const routeTree: RouteNode = {
  id: ROOT_ROUTE_ID,
  path: '/',
  children: [
    ...sections.flatMap((section) => section.routes.map((spec): RouteNode => ({ ...spec, section: section.name }))),
    { id: NOT_FOUND_ROUTE_ID, path: '*' },
  ],
};

/** Every route below the root, by id. */
export const routeNodes: ReadonlyMap<string, RouteNode> = new Map(
  (routeTree.children ?? []).map((node) => [node.id, node] as const),
);

export const sectionByName: ReadonlyMap<SectionName, Section> = new Map(sections.map((s) => [s.name, s] as const));

/** The locale never changes inside one client router (each locale is its own basename), so the layout data neither. */
export const rootShouldRevalidate: ShouldRevalidateFunction = () => false;

/** What one side adds to a route: loaders and components on the server, lazy components in the browser. */
export type RouteExtras = Omit<IndexRouteObject, 'id' | 'path' | 'index' | 'children'>;

/** react-router RouteObjects of the tree, each completed by `extend`. */
export function toRouteObjects(extend: (node: RouteNode) => RouteExtras, node: RouteNode = routeTree): RouteObject {
  const common: RouteExtras & { id: string } = {
    id: node.id,
    ...(node.id === ROOT_ROUTE_ID ? { shouldRevalidate: rootShouldRevalidate } : {}),
    ...extend(node),
  };
  if (node.path === undefined) {
    const index: IndexRouteObject = { ...common, index: true };
    return index;
  }
  const route: NonIndexRouteObject = {
    ...common,
    path: node.path,
    children: node.children?.map((child) => toRouteObjects(extend, child)),
  };
  return route;
}

/** Paths (without locale prefix) of the pages whose payloads are made at build time (`prerender: true`). */
export const prerenderedPaths: readonly string[] = [...routeNodes.values()]
  .filter((node) => node.prerender && node.path !== undefined)
  .map((node) => `/${node.path}`);

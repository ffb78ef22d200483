import type { IndexRouteObject, NonIndexRouteObject, RouteObject, ShouldRevalidateFunction } from 'react-router';
import { sections, type Section, type SectionName } from '../sections/registry.ts';
import type { RouteSpec } from './define.ts';
import { NOT_FOUND_ROUTE_ID, ROOT_ROUTE_ID, stringsRouteId, type StringsRouteId } from './route-ids.ts';

export {
  isStringsRouteId,
  NOT_FOUND_ROUTE_ID,
  ROOT_ROUTE_ID,
  stringsRouteId,
  type StringsRouteId,
} from './route-ids.ts';

/**
 * The site's route tree, derived from the section registry: ids, paths and the section each route belongs to. It is
 * free of loaders and components, so the browser, the server and tests all start from it. The ids of the root, 404
 * and strings routes are in `route-ids.ts`, which imports nothing that reaches a page.
 */
export type SectionRouteId = Section['routes'][number]['id'];
export type RouteId = SectionRouteId | StringsRouteId | typeof ROOT_ROUTE_ID | typeof NOT_FOUND_ROUTE_ID;

export interface RouteNode extends RouteSpec {
  readonly id: RouteId;
  /** the section whose folder holds the route's page and loader; none for the root layout and the 404 route */
  readonly section?: SectionName;
  /** set on a section's strings route: no page, no path; its loader's data is that section's dictionary */
  readonly stringsOf?: SectionName;
  readonly children?: readonly RouteNode[];
}

/**
 * Sections whose strings travel with the layout's data, and so have no strings route: those with prerendered pages,
 * whose payloads are made at build time without the upstream (the layout's data brings the upstream's texts).
 */
const stringsInLayout = (section: Section) => section.routes.some((spec: RouteSpec) => spec.prerender);
export const sectionsInLayout: readonly Section[] = sections.filter(stringsInLayout);

const pagesOf = (section: Section) => section.routes.map((spec): RouteNode => ({ ...spec, section: section.name }));

export const routeTree: RouteNode = {
  id: ROOT_ROUTE_ID,
  path: '/',
  children: [
    ...sections.flatMap((section): RouteNode[] =>
      stringsInLayout(section)
        ? pagesOf(section)
        : [{ id: stringsRouteId(section.name), stringsOf: section.name, children: pagesOf(section) }],
    ),
    { id: NOT_FOUND_ROUTE_ID, path: '*' },
  ],
};

const pageNodes = (node: RouteNode): RouteNode[] =>
  node.stringsOf ? (node.children ?? []).flatMap(pageNodes) : [node];

/** Every route with a page below the root (strings routes are not), by id. */
export const routeNodes: ReadonlyMap<string, RouteNode> = new Map(
  (routeTree.children ?? []).flatMap(pageNodes).map((node) => [node.id, node] as const),
);

export const sectionByName: ReadonlyMap<SectionName, Section> = new Map(sections.map((s) => [s.name, s] as const));

/** The locale never changes inside one client router (each locale is its own basename), so the layout data neither. */
export const rootShouldRevalidate: ShouldRevalidateFunction = () => false;

/** Nor a section's strings: they load when a navigation enters the section (a new match always loads), not again. */
export const stringsShouldRevalidate: ShouldRevalidateFunction = () => false;

/** What one side adds to a route: loaders and components on the server, lazy components in the browser. */
export type RouteExtras = Omit<IndexRouteObject, 'id' | 'path' | 'index' | 'children'>;

/**
 * react-router RouteObjects of the tree, each completed by `extend`. A strings route takes only the loader `extend`
 * gives it: it has no component (react-router renders its child route in its place) and no error boundary.
 */
export function toRouteObjects(extend: (node: RouteNode) => RouteExtras, node: RouteNode = routeTree): RouteObject {
  const children = node.children?.map((child) => toRouteObjects(extend, child));
  if (node.stringsOf) {
    const strings: NonIndexRouteObject = {
      id: node.id,
      shouldRevalidate: stringsShouldRevalidate,
      loader: extend(node).loader,
      children,
    };
    return strings;
  }
  const common: RouteExtras & { id: string } = {
    id: node.id,
    ...(node.id === ROOT_ROUTE_ID ? { shouldRevalidate: rootShouldRevalidate } : {}),
    ...extend(node),
  };
  if (node.path === undefined) {
    const index: IndexRouteObject = { ...common, index: true };
    return index;
  }
  const route: NonIndexRouteObject = { ...common, path: node.path, children };
  return route;
}

/** Paths (without locale prefix) of the pages whose payloads are made at build time (`prerender: true`). */
export const prerenderedPaths: readonly string[] = [...routeNodes.values()]
  .filter((node) => node.prerender && node.path !== undefined)
  .map((node) => `/${node.path}`);

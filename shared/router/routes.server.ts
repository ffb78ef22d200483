import { createStaticHandler, type InstrumentRouteFunction, type RouteObject, type StaticHandler } from 'react-router';
import type { Locale } from '../constants.ts';
import { LOCALE_INFO } from '../locales.ts';
import { sections } from '../sections/registry.ts';
import type { Loader, PageDef } from './define.ts';
import { throwNotFound } from './errors.ts';
import { withMiddleware } from './middleware.server.ts';
import { rootLoader } from './root.server.ts';
import {
  NOT_FOUND_ROUTE_ID,
  ROOT_ROUTE_ID,
  sectionsInLayout,
  stringsRouteId,
  toRouteObjects,
  type RouteExtras,
  type RouteNode,
} from './route-tree.ts';
import { sectionStringsLoader } from './strings.server.ts';

/**
 * The server's routes: the route tree with every section's loaders (and, for rendering, its pages). This is the one
 * place routes are assembled on the server; documents and payloads both run the handlers made here.
 */
const notFoundLoader: Loader = async ({ request }) => throwNotFound(request);

async function loadersById(): Promise<Map<string, Loader>> {
  const entries = await Promise.all(sections.map(async (section) => Object.entries((await section.loaders()).loaders)));
  const strings = sections
    .filter((section) => !sectionsInLayout.includes(section))
    .map((section) => [stringsRouteId(section.name), sectionStringsLoader(section)] as const);
  return new Map([[ROOT_ROUTE_ID, rootLoader], [NOT_FOUND_ROUTE_ID, notFoundLoader], ...strings, ...entries.flat()]);
}

/** Route objects with loaders (and components when `pages` is given), checked to be complete. */
export async function createServerRoutes(pages?: ReadonlyMap<string, PageDef>): Promise<RouteObject[]> {
  const loaders = await loadersById();
  const extend = (node: RouteNode): RouteExtras => {
    const loader = loaders.get(node.id);
    if (!loader) throw new Error(`No loader for route ${node.id} (section ${node.section ?? '-'})`);
    if (node.stringsOf) return { loader };
    const page = pages?.get(node.id);
    if (pages && !page) throw new Error(`No page component for route ${node.id} (section ${node.section ?? '-'})`);
    return { loader: withMiddleware(node.id, loader, node.middleware), ...page };
  };
  return [toRouteObjects(extend)];
}

/** Every section's page components, loaded eagerly (the server renders any page). */
export async function loadAllPages(): Promise<Map<string, PageDef>> {
  const entries = await Promise.all(sections.map(async (section) => Object.entries((await section.pages()).pages)));
  return new Map(entries.flat());
}

/** One static handler per locale basename over the same routes. */
export function createLocaleHandlers(
  routes: RouteObject[],
  instrumentRoute?: InstrumentRouteFunction,
): Record<Locale, StaticHandler> {
  const instrumentations = instrumentRoute ? [{ route: instrumentRoute }] : undefined;
  const handler = (locale: Locale) =>
    createStaticHandler(routes, { basename: LOCALE_INFO[locale].basename || '/', instrumentations });
  return { ru: handler('ru'), en: handler('en') };
}

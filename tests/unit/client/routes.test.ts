/** client/routes.ts: the lazy parts of the first page's routes, loaded before hydration. */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { clientRoutes, loadFirstPageRoutes } from '../../../client/routes.ts';

/** Every route object of the tree, nested ones included. */
const allRoutes = (routes: RouteObject[]): RouteObject[] =>
  routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
const routeById = (id: string) => allRoutes(clientRoutes).find((route) => route.id === id);

describe('loadFirstPageRoutes', () => {
  it('loads the routes the hydration data names, without matching the URL again', async () => {
    const wgms = routeById('resources-tools-wgms')!;
    expect(wgms.lazy).toBeTypeOf('function');
    // a pathname no route of the data matches: only the data can have named them
    await loadFirstPageRoutes(
      { loaderData: { root: {}, 'strings:resources': {}, 'resources-tools-wgms': {} }, errors: null },
      '/en/news',
      '/en',
    );
    expect(wgms.lazy).toBeUndefined();
    expect(wgms.Component).toBeTypeOf('function');
    expect(routeById('news-list')!.lazy).toBeTypeOf('function');
  });

  it('matches the URL for a document with errors, whose data lacks the routes that failed', async () => {
    const detail = routeById('news-detail')!;
    expect(detail.lazy).toBeTypeOf('function');
    await loadFirstPageRoutes({ loaderData: { root: {} }, errors: { root: { status: 404 } } }, '/en/news/x', '/en');
    expect(detail.lazy).toBeUndefined();
    expect(detail.Component).toBeTypeOf('function');
  });
});

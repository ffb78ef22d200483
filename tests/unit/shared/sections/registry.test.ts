import { describe, expect, it } from 'vitest';
import { Root, RootErrorBoundary } from '../../../../shared/ui/Root.tsx';
import { createServerRoutes, loadAllPages } from '../../../../shared/router/routes.server.ts';
import {
  isStringsRouteId,
  NOT_FOUND_ROUTE_ID,
  ROOT_ROUTE_ID,
  routeNodes,
} from '../../../../shared/router/route-tree.ts';
import { sections } from '../../../../shared/sections/registry.ts';

/** Every section's pages, plus the layout and the 404 route, as the server's render entry assembles them. */
async function allPages() {
  const pages = await loadAllPages();
  pages.set(ROOT_ROUTE_ID, { Component: Root, ErrorBoundary: RootErrorBoundary });
  pages.set(NOT_FOUND_ROUTE_ID, { Component: () => null });
  return pages;
}

/** The section registry is the one list the server, the browser and the dictionaries derive from: it must hold up. */
describe('the section registry', () => {
  const ids = sections.flatMap((section) => section.routes.map((route) => route.id));

  it('has unique section names', () => {
    expect(new Set(sections.map((s) => s.name)).size).toBe(sections.length);
  });

  it('has unique route ids, none of them the root route’s or the 404 route’s', () => {
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(ROOT_ROUTE_ID);
    expect(ids).not.toContain(NOT_FOUND_ROUTE_ID);
  });

  it('gives the route tree a node for every route id and the 404 route, no others', () => {
    expect([...routeNodes.keys()].sort()).toEqual([...ids, NOT_FOUND_ROUTE_ID].sort());
  });

  it('has unique paths', () => {
    const keys = sections.flatMap((s) => s.routes.map((r) => ('path' in r ? r.path : '(index)')));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(sections.map((s) => [s.name, s] as const))(
    '%s: a loader and a page for every route, no others',
    async (_name, section) => {
      const own = section.routes.map((r) => r.id).sort();
      expect(Object.keys((await section.loaders()).loaders).sort()).toEqual(own);
      expect(Object.keys((await section.pages()).pages).sort()).toEqual(own);
    },
  );

  it.each(sections.map((s) => [s.name, s] as const))(
    '%s: the English messages have exactly the Russian keys',
    async (_name, section) => {
      const { ru, en } = await section.messages();
      expect(Object.keys(en).sort()).toEqual(Object.keys(ru).sort());
      for (const [key, text] of Object.entries(en)) expect(text, key).not.toBe('');
    },
  );

  it('assembles the server routes with every loader and page', async () => {
    const routes = await createServerRoutes(await allPages());
    expect(routes).toHaveLength(1);
    // a section's routes sit below its strings route (ADR 0081), which has a loader and no page
    const stringsRoutes = (routes[0]!.children ?? []).filter((r) => isStringsRouteId(r.id!));
    for (const route of stringsRoutes) {
      expect(typeof route.loader, route.id).toBe('function');
      expect(route.Component, route.id).toBeUndefined();
    }
    const children = (routes[0]!.children ?? []).flatMap((r) => (isStringsRouteId(r.id!) ? (r.children ?? []) : [r]));
    expect(children.map((r) => r.id).sort()).toEqual([...ids, NOT_FOUND_ROUTE_ID].sort());
    for (const route of children) {
      expect(typeof route.loader, route.id).toBe('function');
      expect(route.Component, route.id).toBeTypeOf('function');
    }
  });

  it('refuses to assemble when a page is missing', async () => {
    const pages = await allPages();
    pages.delete(ids[0]!);
    await expect(createServerRoutes(pages)).rejects.toThrow(`No page component for route ${ids[0]}`);
  });
});

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { routeTable, toRouteObjects, type RouteId } from '../shared/routes/table.ts';
import { HomePage } from './pages/HomePage.tsx';
import { NewsDetailPage } from './pages/NewsDetailPage.tsx';
import { NewsListPage } from './pages/NewsListPage.tsx';
import { RootErrorBoundary, RootPage } from './pages/RootPage.tsx';

const NotFound = () => null;

/** Components by route id; the table (paths, loaders) lives in shared/routes/table.ts. */
const pages: Record<RouteId, { Component: ComponentType; ErrorBoundary?: ComponentType }> = {
  root: { Component: RootPage, ErrorBoundary: RootErrorBoundary },
  home: { Component: HomePage },
  'news-list': { Component: NewsListPage },
  'news-detail': { Component: NewsDetailPage },
  // its loader always throws 404, so the root boundary renders instead
  'not-found': { Component: NotFound },
};

export const routes: RouteObject[] = toRouteObjects(routeTable, (def) => {
  const page = pages[def.id as RouteId];
  return { Component: page.Component, ErrorBoundary: page.ErrorBoundary };
});

import type { RouteObject } from 'react-router';
import { routeTable, toRouteObjects } from '../shared/routes/table.ts';
import type { PageMap } from './page-map.ts';
import { FeedbackPage } from './pages/FeedbackPage.tsx';
import { HomePage } from './pages/HomePage.tsx';
import { NewsDetailPage } from './pages/NewsDetailPage.tsx';
import { NewsListPage } from './pages/NewsListPage.tsx';
import { RootErrorBoundary, RootPage } from './pages/RootPage.tsx';
import { pages as aboutPages } from './pages/about/index.ts';
import { pages as cryospherePages } from './pages/cryosphere/index.ts';
import { pages as countriesPages } from './pages/countries/index.ts';
import { pages as eventsJobsPages } from './pages/events-jobs/index.ts';
import { pages as multimediaPages } from './pages/multimedia/index.ts';
import { pages as studyPages } from './pages/study/index.ts';
import { pages as resourcesPages } from './pages/resources/index.ts';
import { pages as searchPages } from './pages/search/index.ts';

// its loader always throws 404, so the root boundary renders instead
const NotFound = () => null;

/** Components by route id; the table (paths, loaders) lives in shared/routes/table.ts. */
const pages: PageMap = {
  root: { Component: RootPage, ErrorBoundary: RootErrorBoundary },
  home: { Component: HomePage },
  'news-list': { Component: NewsListPage },
  'news-detail': { Component: NewsDetailPage },
  feedback: { Component: FeedbackPage },
  'not-found': { Component: NotFound },
  ...aboutPages,
  ...cryospherePages,
  ...countriesPages,
  ...eventsJobsPages,
  ...multimediaPages,
  ...studyPages,
  ...resourcesPages,
  ...searchPages,
};

export const routes: RouteObject[] = toRouteObjects(routeTable, (def) => {
  const page = pages[def.id];
  if (!page) throw new Error(`No page component for route ${def.id}`);
  return { Component: page.Component, ErrorBoundary: page.ErrorBoundary };
});

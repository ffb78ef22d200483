import type { RouteObject } from 'react-router';
import { routeTable, toRouteObjects } from '../shared/routes/table.ts';
import { corePages } from './core-pages.tsx';
import type { PageMap } from './page-map.ts';
import { pages as aboutPages } from './pages/about/index.ts';
import { pages as cryospherePages } from './pages/cryosphere/index.ts';
import { pages as countriesPages } from './pages/countries/index.ts';
import { pages as eventsJobsPages } from './pages/events-jobs/index.ts';
import { pages as multimediaPages } from './pages/multimedia/index.ts';
import { pages as studyPages } from './pages/study/index.ts';
import { pages as resourcesPages } from './pages/resources/index.ts';
import { pages as searchPages } from './pages/search/index.ts';

/** The server renders every page, so it imports all sections eagerly (the browser loads them lazily). */
const pages: PageMap = {
  ...corePages,
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

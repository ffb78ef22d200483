import type { PageMap } from '../../page-map.ts';
import { EventDetailPage } from './EventDetailPage.tsx';
import { EventsPage } from './EventsPage.tsx';
import { JobsPage } from './JobsPage.tsx';

export const pages: PageMap = {
  events: { Component: EventsPage },
  'event-detail': { Component: EventDetailPage },
  jobs: { Component: JobsPage },
};

import { EventDetailPage } from './EventDetailPage.tsx';
import { EventsPage } from './EventsPage.tsx';
import { JobsPage } from './JobsPage.tsx';

export const pages = {
  events: { Component: EventsPage },
  'event-detail': { Component: EventDetailPage },
  jobs: { Component: JobsPage },
};

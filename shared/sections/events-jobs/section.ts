import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'events-jobs',
  routes: [
    { id: 'events', path: 'news/events', query: ['page'] },
    { id: 'event-detail', path: 'news/events/:slug' },
    { id: 'jobs', path: 'news/jobs', query: ['page', 'category'] },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

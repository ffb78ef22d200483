import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'study',
  routes: [
    { id: 'study', path: 'study' },
    { id: 'study-online-courses', path: 'study/online-courses', query: ['page', 'language', 'level'] },
    { id: 'study-webinars', path: 'study/webinars', query: ['page'] },
    { id: 'study-webinar', path: 'study/webinars/:slug' },
  ],
  messages: () => import('./messages.ts'),
  // strings of durations, empty lists and new-tab notes (shared/ui/media/)
  borrows: ['media.'],
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

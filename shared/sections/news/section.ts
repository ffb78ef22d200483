import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'news',
  routes: [
    { id: 'news-list', path: 'news', query: ['page'], middleware: ['canonical-page'] },
    { id: 'news-detail', path: 'news/:slug' },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

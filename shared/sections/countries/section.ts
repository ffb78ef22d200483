import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'countries',
  routes: [
    { id: 'countries', path: 'countries' },
    { id: 'country-profile', path: 'countries/:slug', query: ['page'] },
  ],
  messages: () => import('./messages.ts'),
  // strings of the file list (shared/ui/files/)
  borrows: ['files.'],
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

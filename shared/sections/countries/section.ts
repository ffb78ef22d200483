import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'countries',
  routes: [{ id: 'country-profile', path: 'countries/:slug', query: ['page'] }],
  messages: () => import('./messages.ts'),
  // strings of the file list (client/components/files/)
  borrows: ['files.'],
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

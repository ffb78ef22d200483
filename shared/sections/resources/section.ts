import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'resources',
  routes: [
    { id: 'resources', path: 'resources' },
    {
      id: 'resources-database',
      path: 'resources/database',
      query: ['page', 'q', 'type', 'year', 'country', 'tag', 'language'],
    },
    { id: 'resources-database-file', path: 'resources/database/:slug' },
    { id: 'resources-monitoring-methods', path: 'resources/monitoring-methods' },
    { id: 'resources-tools', path: 'resources/tools' },
    { id: 'resources-tools-wgms', path: 'resources/tools/wgms', query: ['glacier'] },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

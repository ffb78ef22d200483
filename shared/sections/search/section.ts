import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'search',
  routes: [{ id: 'search', path: 'search', query: ['q', 'type', 'page'] }],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

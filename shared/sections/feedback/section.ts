import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'feedback',
  routes: [{ id: 'feedback', path: 'feedback', query: ['status', 'about'] }],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

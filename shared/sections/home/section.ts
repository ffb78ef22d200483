import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'home',
  routes: [{ id: 'home' }],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

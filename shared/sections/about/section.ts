import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'about',
  routes: [
    { id: 'about', path: 'about' },
    { id: 'about-team', path: 'about/team' },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

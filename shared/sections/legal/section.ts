import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'legal',
  routes: [
    { id: 'privacy-policy', path: 'content/privacy-policy', prerender: true },
    { id: 'terms-and-conditions', path: 'content/terms-and-conditions', prerender: true },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'cryosphere',
  routes: [
    // the section's overview (ADR 0134): a static segment, so it outranks `/:product`
    { id: 'cryosphere-overview', path: 'cryosphere' },
    { id: 'cryosphere-subpage', path: ':product', query: ['page'] },
    { id: 'cryosphere-item', path: ':product/:slug' },
  ],
  messages: () => import('./messages.ts'),
  // strings of the file list (shared/ui/files/)
  borrows: ['files.'],
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'home',
  routes: [{ id: 'home' }],
  messages: () => import('./messages.ts'),
  // strings of the glacier map block (shared/ui/map/GlacierMapBlock.tsx)
  borrows: ['map.block.', 'map.svgTitle', 'map.noData', 'map.reference'],
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

import { defineSection } from '../../router/define.ts';

export default defineSection({
  name: 'multimedia',
  routes: [
    { id: 'multimedia', path: 'multimedia' },
    { id: 'multimedia-photo-galleries', path: 'multimedia/photo-gallery', query: ['page'] },
    { id: 'multimedia-photo-gallery', path: 'multimedia/photo-gallery/:slug' },
    { id: 'multimedia-podcasts', path: 'multimedia/podcasts', query: ['page'] },
    { id: 'multimedia-podcast', path: 'multimedia/podcasts/:slug' },
    { id: 'multimedia-videos', path: 'multimedia/video', query: ['page'] },
    { id: 'multimedia-video', path: 'multimedia/video/:slug' },
  ],
  messages: () => import('./messages.ts'),
  pages: () => import('./pages.ts'),
  loaders: () => import('./loaders.server.ts'),
});

import { join } from 'node:path';
import { projectRoot } from '../shared/project-root.server.ts';

export const paths = (root = projectRoot()) => ({
  root,
  dist: join(root, 'dist'),
  clientDist: join(root, 'dist', 'client'),
  /** the service worker's code (scripts/build.mjs), served as /sw.js with its configuration in front */
  serviceWorker: join(root, 'dist', 'sw', 'sw.js'),
  buildInfo: join(root, 'dist', 'build.json'),
});

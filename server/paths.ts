import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this module holding package.json. Works from the sources
 * (server/paths.ts) and from the bundle (dist/server/*.js) alike.
 */
export function projectRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
}

export const paths = (root = projectRoot()) => ({
  root,
  dist: join(root, 'dist'),
  clientDist: join(root, 'dist', 'client'),
  /** the service worker's code (scripts/build.mjs), served as /sw.js with its configuration in front */
  serviceWorker: join(root, 'dist', 'sw', 'sw.js'),
  buildInfo: join(root, 'dist', 'build.json'),
  content: join(root, 'server', 'content-api', 'content'),
});

import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { paths } from '../paths.ts';

/**
 * Hashed build assets under /assets/ (immutable, precompressed .br/.gz when the build made them) and the files of
 * public/ (favicon.svg) at the root; robots.txt, favicon.ico and the other icons are routes (routes/feeds/sitemap.ts,
 * routes/site-assets.ts). `wildcard: false` registers one route per file, so the document
 * catch-all keeps every other path.
 */
export default fp<{ clientDir?: string }>(
  async (app, opts) => {
    if (opts.clientDir) {
      await app.register(fastifyStatic, {
        root: join(opts.clientDir, 'assets'),
        prefix: '/assets/',
        preCompressed: true,
        immutable: true,
        maxAge: '365d',
        index: false,
        wildcard: false,
        decorateReply: false,
      });
    }
    await app.register(fastifyStatic, {
      root: join(paths().root, 'public'),
      prefix: '/',
      maxAge: '1d',
      index: false,
      wildcard: false,
      decorateReply: false,
    });
  },
  { name: 'static-files' },
);

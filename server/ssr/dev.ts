import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import type * as Entry from '../render/entry.server.tsx';
import type * as App from '../app.ts';
import { paths } from '../paths.ts';
import type { ClientBuild } from './client-build.ts';

export const VITE_PATHS = /^\/(@vite|@react-refresh|@id|@fs|node_modules|client|shared|__vite)/;

/** `npm run dev`: Vite's dev server in middleware mode, the render module reloaded through ssrLoadModule (HMR). */
export async function createDevClientBuild(
  options: { logLevel?: 'info' | 'warn' | 'error' | 'silent' } = {},
): Promise<ClientBuild> {
  const { createServer } = await import('vite');
  const vite: ViteDevServer = await createServer({
    root: paths().root,
    server: { middlewareMode: true },
    appType: 'custom',
    logLevel: options.logLevel ?? 'info',
  });
  return {
    build: { id: `dev-${Date.now().toString(36)}`, timestamp: Date.now() },
    assets: { styles: [], preloads: [] },
    // nothing made at build time (prerendered.ts runs the loaders: it is loaded through Vite with the app)
    prerendered: { paths: [], payloads: new Map() },
    bootstrapModules: ['/@vite/client', '/client/entry.client.tsx'],
    load: async () => (await vite.ssrLoadModule('/server/render/entry.server.tsx')) as typeof Entry,
    loadApp: async () => (await vite.ssrLoadModule('/server/app.ts')) as typeof App,
    register: async (app: FastifyInstance) => {
      app.addHook('onRequest', async (request, reply) => {
        if (!VITE_PATHS.test(request.url)) return;
        reply.hijack();
        await new Promise<void>((resolve) => {
          reply.raw.on('finish', resolve);
          vite.middlewares(request.raw, reply.raw, () => {
            reply.raw.statusCode = 404;
            reply.raw.end('Not found');
          });
        });
      });
    },
    close: () => vite.close(),
  };
}

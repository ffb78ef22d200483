import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { paths } from '../paths.ts';
import { loadContent } from './store.ts';
import { eventRoutes } from './routes/events.ts';
import { mediaRoutes } from './routes/media.ts';
import { newsRoutes } from './routes/news.ts';
import { siteRoutes } from './routes/site.ts';

export interface ContentApiOptions {
  contentDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The embedded content API: a real HTTP server speaking the upstream contract of SPEC §7 from the content files in
 * the repository. The BFF talks to it over loopback exactly as it talks to the production API.
 */
export async function buildContentApi(options: ContentApiOptions = {}): Promise<FastifyInstance> {
  const content = loadContent(options.contentDir ?? paths().content);
  const app = Fastify({ logger: options.logger ?? false, keepAliveTimeout: 10_000 });
  await app.register(siteRoutes(content));
  await app.register(newsRoutes(content));
  await app.register(eventRoutes(content));
  await app.register(mediaRoutes);
  app.setNotFoundHandler((request, reply) => reply.code(404).send({ message: `No route ${request.method} ${request.url}` }));
  return app;
}

/** Start it on a loopback port (0 = any free port) and return its base URL. */
export async function startContentApi(port = 0, options: ContentApiOptions = {}) {
  const app = await buildContentApi(options);
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { app, url: address };
}

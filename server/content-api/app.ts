import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { paths } from '../paths.ts';
import { createFeedbackStore } from './feedback-store.ts';
import { databaseFileRoutes } from './routes/database-files.ts';
import { eventRoutes } from './routes/events.ts';
import { feedbackRoutes } from './routes/feedbacks.ts';
import { glacierRoutes } from './routes/glaciers.ts';
import { mediaRoutes } from './routes/media.ts';
import { multimediaRoutes } from './routes/multimedia.ts';
import { newsRoutes } from './routes/news.ts';
import { opportunityRoutes } from './routes/opportunities.ts';
import { searchRoutes } from './routes/search.ts';
import { sectionRoutes } from './routes/sections.ts';
import { siteRoutes } from './routes/site.ts';
import { studyRoutes } from './routes/study.ts';
import { taxonomyRoutes } from './routes/taxonomy.ts';
import { loadContent } from './store.ts';

export interface ContentApiOptions {
  contentDir?: string;
  /** where feedback submissions are stored (DATA_DIR) */
  dataDir?: string;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The embedded content API: a real HTTP server speaking the upstream contract of SPEC §7 from the content files in
 * the repository. The BFF talks to it over loopback exactly as it talks to the production API.
 */
export async function buildContentApi(options: ContentApiOptions = {}): Promise<FastifyInstance> {
  const content = loadContent(options.contentDir ?? paths().content);
  const feedbacks = createFeedbackStore(options.dataDir ?? 'data');
  const app = Fastify({ logger: options.logger ?? false, keepAliveTimeout: 10_000 });
  for (const routes of [
    siteRoutes,
    newsRoutes,
    eventRoutes,
    taxonomyRoutes,
    databaseFileRoutes,
    sectionRoutes,
    opportunityRoutes,
    multimediaRoutes,
    studyRoutes,
    glacierRoutes,
    searchRoutes,
  ]) {
    await app.register(routes(content));
  }
  await app.register(mediaRoutes(content, { cacheDir: join(options.dataDir ?? 'data', 'cache', 'media') }));
  await app.register(feedbackRoutes(content, feedbacks));
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ message: `No route ${request.method} ${request.url}` }),
  );
  return app;
}

/** Start it on a loopback port (0 = any free port) and return its base URL. */
export async function startContentApi(port = 0, options: ContentApiOptions = {}) {
  const app = await buildContentApi(options);
  const address = await app.listen({ port, host: '127.0.0.1' });
  return { app, url: address };
}

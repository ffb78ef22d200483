import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { pino, type Logger } from 'pino';
import { cacheDirOf, type Config } from './config.ts';
import { loggerOptions } from './logger.ts';
import errorPages from './plugins/error-pages.ts';
import locale from './plugins/locale.ts';
import metrics from './plugins/metrics.ts';
import requestLog from './plugins/request-log.ts';
import routeRulesPlugin from './plugins/route-rules.ts';
import { routeRules } from '../shared/route-rules.ts';
import security from './plugins/security.ts';
import staticFiles from './plugins/static-files.ts';
import upstream from './plugins/upstream.ts';
import { buildRoutes } from './routes/builds.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { glacierRoutes } from './routes/glaciers.ts';
import { healthRoutes, type HealthState } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { feedRoutes } from './routes/feeds.ts';
import { glacierDataRoutes } from './routes/glacier-data.ts';
import { siteAssetRoutes } from './routes/site-assets.ts';
import { mediaRoutes } from './routes/media.ts';
import { pageRoutes } from './routes/pages.ts';
import type { Renderer } from './ssr/renderer.ts';

export interface AppDeps {
  renderer: Renderer;
  /** base URL of the upstream content API (the embedded one when UPSTREAM_URL is unset) */
  upstreamUrl: string;
  health?: HealthState;
  /** pause before the one upstream retry (tests shorten it) */
  retryDelayMs?: number;
  /** a pino logger; by default one made from config */
  logger?: Logger;
  dev?: boolean;
  /** the clock of date-relative answers such as the upcoming-events calendar (tests pin it) */
  now?: () => Date;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it) */
  sitemapMaxUrls?: number;
}

/** Build the BFF: infrastructure plugins, then services, then routes. Never listens (server/main.ts does). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: (deps.logger ?? pino(loggerOptions(config))) as FastifyBaseLogger,
    // one line per request comes from plugins/request-log.ts instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: true,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 10_000,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  // infrastructure
  await app.register(requestLog);
  await app.register(errorPages);
  await app.register(security, {
    dev: deps.dev ?? false,
    mapsScriptUrl: config.MAPS_API_KEY ? config.MAPS_SCRIPT_URL : undefined,
  });
  await app.register(fastifyCookie);
  await app.register(locale);
  await app.register(routeRulesPlugin, { rules: routeRules });
  if (deps.renderer.register) await deps.renderer.register(app);
  await app.register(staticFiles, { clientDir: deps.renderer.clientDir });

  // services
  await app.register(upstream, { config, upstreamUrl: deps.upstreamUrl, retryDelayMs: deps.retryDelayMs });

  await app.register(metrics);

  // routes
  await app.register(healthRoutes(deps.health ?? { shuttingDown: false }));
  await app.register(buildRoutes(deps.renderer.build, deps.renderer.prerendered.paths));
  await app.register(mediaRoutes);
  await app.register(imageRoutes({ cacheDir: cacheDirOf(config) }));
  await app.register(
    feedRoutes({ publicOrigin: config.PUBLIC_ORIGIN, now: deps.now, sitemapMaxUrls: deps.sitemapMaxUrls }),
  );
  await app.register(siteAssetRoutes({ cacheDir: cacheDirOf(config) }));
  await app.register(glacierDataRoutes({ publicOrigin: config.PUBLIC_ORIGIN }));
  await app.register(feedbackRoutes({ rateLimit: config.FEEDBACK_RATE_LIMIT }));
  const maps = config.MAPS_API_KEY ? { apiKey: config.MAPS_API_KEY, scriptUrl: config.MAPS_SCRIPT_URL } : null;
  await app.register(glacierRoutes);
  await app.register(pageRoutes(deps.renderer, config.PUBLIC_ORIGIN, maps, config.BUILD_CHECK_INTERVAL_MS));
  app.addHook('onClose', async () => deps.renderer.close?.());
  return app;
}

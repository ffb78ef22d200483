import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { compile as compileTrust } from '@fastify/proxy-addr';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { cacheDirOf, type Config } from './config.ts';
import { loggerOptions } from './logger.ts';
import canonicalUrl from './plugins/canonical-url.ts';
import edge, { defaultAllowedHosts, originForm } from './plugins/edge.ts';
import errorPages from './plugins/error-pages.ts';
import locale from './plugins/locale.ts';
import metrics from './plugins/metrics.ts';
import requestLog from './plugins/request-log.ts';
import tracing from './plugins/tracing.ts';
import { otelConfigured } from './tracing/otel-env.ts';
import type { OpenTelemetryOptions } from './tracing/otel.ts';
import { beginRequest } from './tracing/spans.ts';
import routeRules from './plugins/route-rules.ts';
import type { Clock } from '../shared/router/context.ts';
import security from './plugins/security.ts';
import pageCache from './plugins/page-cache.ts';
import sharedCache from './plugins/shared-cache.ts';
import staticFiles from './plugins/static-files.ts';
import upstream from './plugins/upstream.ts';
import { buildRoutes } from './routes/builds.ts';
import { serviceWorkerOf, serviceWorkerRoutes } from './routes/service-worker.ts';
import { createOutbox, type Outbox } from './feedback/outbox.ts';
import { deliverFeedback, feedbackRoutes } from './routes/feedback.ts';
import { glacierRoutes } from './routes/glaciers.ts';
import { healthRoutes, type HealthState } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { calendarRoutes } from './routes/feeds/ical.ts';
import { newsFeedRoutes } from './routes/feeds/rss.ts';
import { sitemapRoutes } from './routes/feeds/sitemap.ts';
import { dataApiRoutes } from './routes/data-api.ts';
import { shareImageRoutes } from './routes/share-images.ts';
import { siteAssetRoutes } from './routes/site-assets.ts';
import { mediaRoutes } from './routes/media.ts';
import { pageRoutes } from './routes/pages.ts';
import { purgeRoutes } from './routes/purge.ts';
import { vitalsRoutes } from './routes/vitals.ts';
import type { ClientBuild } from './ssr/client-build.ts';
import { RENDERS_AT_ONCE, RENDERS_CHANNEL, type DocumentOptions } from './ssr/handle-document.ts';
import { createSlots } from './slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** feedback submissions waiting for the upstream ({DATA_DIR}/outbox) */
    feedbackOutbox: Outbox;
  }
}

export interface AppDeps {
  clientBuild: ClientBuild;
  /** base URL of the upstream content API (the embedded one when UPSTREAM_URL is unset) */
  upstreamUrl: string;
  health?: HealthState;
  /** pause before the one upstream retry (tests shorten it) */
  retryDelayMs?: number;
  /** first pause before a feedback re-delivery from the outbox (tests shorten it) */
  outboxRetryMs?: number;
  /** a pino logger; by default one made from config */
  logger?: Logger;
  dev?: boolean;
  /** the clock of loaders ("today", "upcoming") and of date-relative answers such as the events calendar; tests pin it */
  clock?: Clock;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests lower it) */
  sitemapMaxUrls?: number;
  /** the token the embedded content API purges with when PURGE_TOKEN is unset (loopback only; routes/purge.ts) */
  internalPurgeToken?: string;
  /** OpenTelemetry whatever the environment says (tests: the SDK's in-memory exporter); false: off */
  openTelemetry?: OpenTelemetryOptions | false;
}

/**
 * Whether the peer of a connection is a trusted proxy (TRUST_PROXY, addresses and CIDRs): only then are its
 * forwarded headers and its `traceparent` believed.
 */
export function trustsPeer(value: Config['TRUST_PROXY']): (address: string | undefined) => boolean {
  if (value === false) return () => false;
  const trusted = compileTrust(value);
  return (address) => address !== undefined && trusted(address, 0);
}

/** A request's id: the client's `X-Request-Id` when it is a plain token, else a new UUID. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
}

const CONNECTION_TIMEOUT_MS = 30_000;
const REQUEST_TIMEOUT_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 10_000;

/** Build the BFF: infrastructure plugins, then services, then routes. Never listens (server/main.ts does). */
export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const allowedHosts = config.ALLOWED_HOSTS.length > 0 ? config.ALLOWED_HOSTS : defaultAllowedHosts(config.HOST);
  const defaultOrigin = `http://${allowedHosts[0] ?? 'localhost'}${config.PORT === 80 ? '' : `:${config.PORT}`}`;
  // typed as Fastify's logger, so the instance is the FastifyInstance the plugins take (pino's own type is wider)
  const logger: FastifyBaseLogger = deps.logger ?? pino(loggerOptions(config));
  const peerTrusted = trustsPeer(config.TRUST_PROXY);
  const app = Fastify({
    loggerInstance: logger,
    // one line per request comes from plugins/request-log.ts instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    // the request's trace is made with its id (plugins/tracing.ts), so its first log line carries the trace id
    genReqId: (req) => {
      const begun = beginRequest(req.headers.traceparent, peerTrusted(req.socket.remoteAddress));
      req.trace = begun.trace;
      if (begun.span) req.span = begun.span;
      return requestId(req);
    },
    childLoggerFactory: (parent, bindings, options, req) =>
      parent.child({ ...bindings, trace_id: req.trace?.traceId }, options),
    requestIdHeader: false,
    // asterisk-form and foreign absolute-form targets never reach a route (plugins/edge.ts)
    rewriteUrl: originForm,
    // only the configured proxies may set the client IP, host and protocol (ADR 0020)
    trustProxy: config.TRUST_PROXY,
    // a malformed escape in the path: the branded 400 page with the security headers, not Fastify's raw JSON
    frameworkErrors: (err, request, reply) => {
      request.publicOrigin = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : defaultOrigin;
      void app.edge.reject(request, reply, 400, 'bad_url', 'Bad Request: malformed URL');
    },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });

  // infrastructure
  await app.register(tracing, {
    serverTiming: config.SERVER_TIMING,
    openTelemetry: deps.openTelemetry ?? (otelConfigured(process.env) ? {} : false),
  });
  await app.register(requestLog);
  await app.register(errorPages);
  await app.register(security, {
    dev: deps.dev ?? false,
    mapsScriptUrl: config.MAPS_API_KEY ? config.MAPS_SCRIPT_URL : undefined,
    hsts: config.PUBLIC_ORIGIN?.startsWith('https:') ?? false,
  });
  await app.register(edge, {
    clientBuild: deps.clientBuild,
    publicOrigin: config.PUBLIC_ORIGIN,
    allowedHosts,
    defaultOrigin: config.PUBLIC_ORIGIN ?? defaultOrigin,
    trustsProxy: config.TRUST_PROXY !== false,
  });
  await app.register(canonicalUrl, { dev: deps.dev ?? false });
  await app.register(fastifyCookie);
  // HTML and JSON compressed as they stream (br quality 4, gzip); cached answers carry their own precompressed bytes
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(locale);
  await app.register(routeRules);
  if (deps.clientBuild.register) await deps.clientBuild.register(app);
  await app.register(staticFiles, { clientDir: deps.clientBuild.clientDir });

  // services
  await app.register(sharedCache, { config });
  await app.register(upstream, { config, upstreamUrl: deps.upstreamUrl, retryDelayMs: deps.retryDelayMs });

  await app.register(pageCache, { config, dev: deps.dev ?? false });
  await app.register(metrics);

  // routes
  await app.register(healthRoutes(deps.health ?? { shuttingDown: false }));
  await app.register(buildRoutes(deps.clientBuild.build, deps.clientBuild.prerendered.paths));
  const worker = serviceWorkerOf(config.SERVICE_WORKER === 'on' ? deps.clientBuild : undefined);
  await app.register(serviceWorkerRoutes(worker));
  await app.register(mediaRoutes);
  const outbox = createOutbox({
    dir: join(config.DATA_DIR, 'outbox'),
    deliver: (entry) => deliverFeedback(app.upstream.client, entry),
    log: app.log,
    baseDelayMs: deps.outboxRetryMs,
  });
  app.decorate('feedbackOutbox', outbox);
  app.addHook('onReady', () => outbox.start());
  app.addHook('onClose', () => outbox.close());
  await app.register(imageRoutes({ cacheDir: cacheDirOf(config) }));
  // feeds for readers, calendars and search engines, one module per format (ADR 0031)
  const feeds = { now: deps.clock, sitemapMaxUrls: deps.sitemapMaxUrls };
  for (const routes of [sitemapRoutes, newsFeedRoutes, calendarRoutes]) await app.register(routes(feeds));
  await app.register(siteAssetRoutes({ cacheDir: cacheDirOf(config) }));
  await app.register(shareImageRoutes({ cacheDir: cacheDirOf(config), rateLimit: config.SHARE_IMAGE_RATE_LIMIT }));
  await app.register(dataApiRoutes);
  const maps = config.MAPS_API_KEY ? { apiKey: config.MAPS_API_KEY, scriptUrl: config.MAPS_SCRIPT_URL } : null;
  const pages: DocumentOptions = {
    clientBuild: deps.clientBuild,
    maps,
    buildCheckIntervalMs: config.BUILD_CHECK_INTERVAL_MS,
    serviceWorker: worker.enabled,
    clock: deps.clock,
    renders: createSlots(RENDERS_AT_ONCE, RENDERS_CHANNEL),
  };
  await app.register(feedbackRoutes({ rateLimit: config.FEEDBACK_RATE_LIMIT, outbox, documents: pages }));
  await app.register(glacierRoutes);
  await app.register(vitalsRoutes({ rateLimit: config.VITALS_RATE_LIMIT }));
  if (config.PURGE_TOKEN !== undefined || deps.internalPurgeToken !== undefined)
    await app.register(
      purgeRoutes({
        token: config.PURGE_TOKEN,
        internalToken: deps.internalPurgeToken,
        rateLimit: config.PURGE_RATE_LIMIT,
        tiers: config.PURGE_TIER_URLS,
        tierTimeoutMs: config.PURGE_TIER_TIMEOUT_MS,
      }),
    );
  await app.register(pageRoutes(pages));
  app.addHook('onClose', async () => deps.clientBuild.close?.());
  return app;
}

import closeWithGrace from 'close-with-grace';
import { randomBytes } from 'node:crypto';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { startMetricsServer } from './metrics-server.ts';
import type { HealthState } from './routes/health.ts';
import type { ClientBuild } from './ssr/client-build.ts';
import { unsupportedRuntime } from './runtime.ts';

const refused = unsupportedRuntime(process.version);
if (refused) {
  process.stderr.write(`${refused}\n`);
  process.exit(1);
}

/** Listen: parse config, start the embedded content API when no UPSTREAM_URL is set, build the app, serve. */
async function main() {
  const dev = process.argv.includes('--dev');
  const config = parseConfig();
  const loop = editorLoop(config);
  const embedded = await embeddedContentApi(config, loop);
  const clientBuild: ClientBuild = dev
    ? await (await import('./ssr/dev.ts')).createDevClientBuild()
    : (await import('./ssr/prod.ts')).loadClientBuild();
  const health: HealthState = { shuttingDown: false };
  // in dev the BFF's modules come through Vite (import.meta.env, fresh on restart); compiled, they are in this bundle
  const { buildApp } = clientBuild.loadApp ? await clientBuild.loadApp() : await import('./app.ts');
  const app = await buildApp(config, {
    clientBuild,
    upstreamUrl: config.UPSTREAM_URL ?? embedded!.url,
    health,
    dev,
    internalPurgeToken: loop.internalToken,
  });
  // /metrics never on the public listener: METRICS_PORT (loopback by default), or 9464 on loopback in dev
  const metricsPort = config.METRICS_PORT ?? (dev ? 9464 : undefined);
  const metrics =
    metricsPort === undefined
      ? undefined
      : await startMetricsServer(app.metrics, { port: metricsPort, host: config.METRICS_HOST });
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    health.shuttingDown = true;
    await app.close();
    await metrics?.close();
    await embedded?.app.close();
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  loop.bffUrl = bffUrlOf(config.HOST, typeof address === 'object' && address ? address.port : config.PORT);
  if (metrics) app.log.info({ metrics: metrics.url }, 'metrics listening');
  app.log.info(
    {
      build: clientBuild.build.id,
      node: process.version,
      upstream: config.UPSTREAM_URL ?? `${embedded!.url} (embedded content API)`,
    },
    `glacier portal listening on http://${config.HOST}:${config.PORT}`,
  );
}

/** Where this machine reaches the BFF it started: the listen address, or loopback for a wildcard one. */
const bffUrlOf = (host: string, port: number) => {
  const reach = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
};

/**
 * The editor's loop with the embedded content API: it watches the content files and, after a reload, purges the
 * BFF through its webhook, with PURGE_TOKEN or, when that is unset, a token made here at start that only the BFF
 * and the content API know (the public endpoint stays disabled then).
 */
function editorLoop(config: Config) {
  const internalToken = config.PURGE_TOKEN === undefined ? randomBytes(32).toString('base64url') : undefined;
  return {
    internalToken,
    token: config.PURGE_TOKEN ?? internalToken ?? '',
    /** set once the BFF listens */
    bffUrl: undefined as string | undefined,
  };
}

/**
 * The embedded content API when no UPSTREAM_URL is set (content-api/, its own app and configuration). Imported only
 * then: a server with an upstream never loads it or its dependencies (search index, PDF and image generation).
 */
async function embeddedContentApi(config: Config, loop: ReturnType<typeof editorLoop>) {
  if (config.UPSTREAM_URL) return undefined;
  const { startEmbeddedContentApi } = await import('../content-api/embedded.ts');
  return startEmbeddedContentApi({ purgeToken: loop.token, bffUrl: () => loop.bffUrl });
}

main().catch((err: unknown) => {
  // before the logger exists: one clear line on stderr, then exit non-zero
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});

import closeWithGrace from 'close-with-grace';
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { ConfigError, parseConfig, type Config } from './config.ts';
import { relayPurges } from './cache/purge.ts';
import { startMetricsServer } from './metrics-server.ts';
import type { HealthState } from './routes/health.ts';
import type { ClientBuild } from './ssr/client-build.ts';
import { unsupportedRuntime } from './runtime.ts';

const refused = unsupportedRuntime(process.version);
if (refused) {
  process.stderr.write(`${refused}\n`);
  process.exit(1);
}

/**
 * WORKERS > 1 (or 0: one per core): this process becomes the cluster primary. It starts the embedded content API once
 * (when no UPSTREAM_URL), forks the workers, which all listen on PORT (node:cluster hands out connections round
 * robin), replaces a worker that dies, and on SIGTERM/SIGINT asks every worker to drain and exits when all have.
 */
async function primary(workers: number) {
  const config = parseConfig();
  const loop = editorLoop(config);
  const embedded = await embeddedContentApi(config, loop);
  loop.bffUrl = bffUrlOf(config.HOST, config.PORT);
  const env = {
    UPSTREAM_URL: config.UPSTREAM_URL ?? embedded!.url,
    ...(loop.internalToken ? { [INTERNAL_PURGE_TOKEN_ENV]: loop.internalToken } : {}),
  };
  const log = (level: string, msg: string, extra: object = {}) =>
    process.stdout.write(`${JSON.stringify({ level: level === 'warn' ? 40 : 30, time: Date.now(), msg, ...extra })}\n`);
  let stopping = false;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork(env);
    started.set(worker.id, Date.now());
  };
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) {
      if (started.size === 0) void embedded?.app.close().then(() => process.exit(0));
      return;
    }
    log('warn', 'worker exited; starting a replacement', { pid: worker.process.pid, code, signal });
    // a worker that dies at once (bad config, port taken) is not respawned in a tight loop
    setTimeout(fork, lived < 2000 ? 1000 : 0);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('info', 'shutting down', { signal, workers: started.size });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // the workers drain within 10 s (close-with-grace); past that they are stopped
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, 15_000).unref();
    if (started.size === 0) process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // without Redis, a purge on one worker reaches the others through this process (server/cache/purge.ts)
  relayPurges();
  for (let i = 0; i < workers; i++) fork();
  log('info', `cluster primary started ${workers} workers on port ${config.PORT}`, { pid: process.pid });
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
    internalPurgeToken: cluster.isWorker ? process.env[INTERNAL_PURGE_TOKEN_ENV] : loop.internalToken,
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

/** How the cluster primary hands the editor's loop token to its workers. */
const INTERNAL_PURGE_TOKEN_ENV = 'GLACIER_INTERNAL_PURGE_TOKEN';

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

function start(): Promise<void> {
  const config = parseConfig();
  const workers = config.WORKERS === 0 ? availableParallelism() : config.WORKERS;
  if (cluster.isPrimary && workers > 1 && !process.argv.includes('--dev')) return primary(workers);
  return main();
}

start().catch((err: unknown) => {
  // before the logger exists: one clear line on stderr, then exit non-zero
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});

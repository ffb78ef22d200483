import closeWithGrace from 'close-with-grace';
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { startContentApi } from './content-api/app.ts';
import { relayPurges } from './cache/purge.ts';
import { startMetricsServer } from './metrics-server.ts';
import type { HealthState } from './routes/health.ts';
import type { ClientBuild } from './ssr/client-build.ts';

/**
 * WORKERS > 1 (or 0: one per core): this process becomes the cluster primary. It starts the embedded content API once
 * (when no UPSTREAM_URL), forks the workers, which all listen on PORT (node:cluster hands out connections round
 * robin), replaces a worker that dies, and on SIGTERM/SIGINT asks every worker to drain and exits when all have.
 */
async function primary(workers: number) {
  const config = parseConfig();
  const embedded = config.UPSTREAM_URL ? undefined : await startContentApi(0, { dataDir: config.DATA_DIR });
  const env = { UPSTREAM_URL: config.UPSTREAM_URL ?? embedded!.url };
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
  const embedded = config.UPSTREAM_URL ? undefined : await startContentApi(0, { dataDir: config.DATA_DIR });
  const clientBuild: ClientBuild = dev
    ? await (await import('./ssr/dev.ts')).createDevClientBuild()
    : (await import('./ssr/prod.ts')).loadClientBuild();
  const health: HealthState = { shuttingDown: false };
  const app = await buildApp(config, {
    clientBuild,
    upstreamUrl: config.UPSTREAM_URL ?? embedded!.url,
    health,
    dev,
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
  if (metrics) app.log.info({ metrics: metrics.url }, 'metrics listening');
  app.log.info(
    { build: clientBuild.build.id, upstream: config.UPSTREAM_URL ?? `${embedded!.url} (embedded content API)` },
    `glacier portal listening on http://${config.HOST}:${config.PORT}`,
  );
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

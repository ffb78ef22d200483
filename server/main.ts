import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { startContentApi } from './content-api/app.ts';
import { startMetricsServer } from './metrics-server.ts';
import type { HealthState } from './routes/health.ts';
import type { Renderer } from './ssr/renderer.ts';

/** Listen: parse config, start the embedded content API when no UPSTREAM_URL is set, build the app, serve. */
async function main() {
  const dev = process.argv.includes('--dev');
  const config = parseConfig();
  const embedded = config.UPSTREAM_URL ? undefined : await startContentApi(0, { dataDir: config.DATA_DIR });
  const renderer: Renderer = dev
    ? await (await import('./ssr/dev.ts')).createDevRenderer()
    : (await import('./ssr/prod.ts')).createProdRenderer();
  const health: HealthState = { shuttingDown: false };
  const app = await buildApp(config, {
    renderer,
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
    { build: renderer.build.id, upstream: config.UPSTREAM_URL ?? `${embedded!.url} (embedded content API)` },
    `glacier portal listening on http://${config.HOST}:${config.PORT}`,
  );
}

main().catch((err: unknown) => {
  // before the logger exists: one clear line on stderr, then exit non-zero
  process.stderr.write(
    `${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});

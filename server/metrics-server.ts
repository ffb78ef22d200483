import { createServer } from 'node:http';
import type { Registry } from 'prom-client';
import { CachePolicy } from './cache-policies.ts';

/**
 * /metrics on its own listener (METRICS_PORT, loopback by default), never on the public port (ADR 0024). A plain
 * node:http server: one route, no hooks, nothing else to expose.
 */
export async function startMetricsServer(registry: Registry, options: { port: number; host: string }) {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': CachePolicy.none });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  // a TCP listener's address is an object; only a pipe or socket path is a string
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

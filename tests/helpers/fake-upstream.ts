import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type FakeHandler = (req: RecordedRequest, res: ServerResponse) => void | Promise<void>;

/**
 * A scripted upstream: a real node:http server on a loopback port. Each test sets `handler`; every request is
 * recorded. Use it for faults the content API does not make (5xx, resets, slow answers, bad bodies).
 */
export async function startFakeUpstream(initial?: FakeHandler) {
  const requests: RecordedRequest[] = [];
  let handler: FakeHandler = initial ?? ((_req, res) => json(res, 404, { message: 'not scripted' }));
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      requests.push(recorded);
      void Promise.resolve(handler(recorded, res)).catch(() => res.destroy());
    });
  });
  server.keepAliveTimeout = 10;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set handler(next: FakeHandler) {
      handler = next;
    },
    reset() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;

export function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A handler that forwards to a real upstream (the content API), for tests that fault only some calls. */
export function forwardTo(baseUrl: string): FakeHandler {
  return async (req, res) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(key)) headers[key] = value;
    }
    const answer = await fetch(baseUrl + req.url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body,
    });
    const body = Buffer.from(await answer.arrayBuffer());
    res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    res.end(body);
  };
}

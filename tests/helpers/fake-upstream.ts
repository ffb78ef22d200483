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
  let listening = true;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (listening) {
        listening = false;
        server.closeAllConnections();
        server.close(() => resolve());
      } else resolve();
    });
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set handler(next: FakeHandler) {
      handler = next;
    },
    reset() {
      requests.length = 0;
    },
    /** the upstream goes away: open connections are dropped and new ones refused (ECONNREFUSED) */
    down: stop,
    /** …and comes back on the same port */
    up: () =>
      new Promise<void>((resolve, reject) => {
        if (listening) return resolve();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          listening = true;
          server.off('error', reject);
          resolve();
        });
      }),
    close: stop,
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

/** Answers the calls under `prefix` with `handler` and forwards every other call to `baseUrl` (the layout's calls keep working). */
export const under =
  (prefix: string, handler: FakeHandler, baseUrl: string): FakeHandler =>
  (req, res) =>
    req.url.startsWith(prefix) ? handler(req, res) : forwardTo(baseUrl)(req, res);

/** Never answers: headers are not sent until the client gives up (the socket closes). */
export function hang(onRequest?: (req: RecordedRequest) => void): FakeHandler {
  return (req) => {
    onRequest?.(req);
  };
}

/** What a streaming handler managed to write before the client went away. */
export interface StreamReport {
  written: number;
  closedEarly: boolean;
  done: Promise<void>;
}

/**
 * An answer streamed in chunks of `chunkBytes` (a JSON string body of about `totalBytes`), paced by `intervalMs`
 * between chunks (0: as fast as the socket takes them). `report` tells how much went out before the BFF closed the
 * socket, so a test can see that an oversized body was cut off while streaming.
 */
export function streamed(
  options: {
    totalBytes: number;
    chunkBytes?: number;
    intervalMs?: number;
    contentType?: string;
    declareLength?: boolean;
  },
  report: StreamReport[] = [],
): FakeHandler {
  return (_req, res) => {
    const chunk = Buffer.alloc(options.chunkBytes ?? 64 * 1024, 0x61);
    const head = Buffer.from('{"data":"');
    const tail = Buffer.from('"}');
    const total = Math.max(options.totalBytes, head.length + tail.length);
    let resolveDone!: () => void;
    const entry: StreamReport = { written: 0, closedEarly: false, done: new Promise((r) => (resolveDone = r)) };
    report.push(entry);
    res.writeHead(200, {
      'content-type': options.contentType ?? 'application/json',
      ...(options.declareLength ? { 'content-length': String(total) } : {}),
    });
    res.on('close', () => {
      entry.closedEarly = entry.written < total;
      resolveDone();
    });
    let left = total - head.length - tail.length;
    res.write(head);
    entry.written += head.length;
    const next = () => {
      if (res.destroyed) return;
      if (left <= 0) {
        entry.written += tail.length;
        res.end(tail);
        return;
      }
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= part.length;
      entry.written += part.length;
      const more = res.write(part);
      if (options.intervalMs) setTimeout(next, options.intervalMs);
      else if (more) setImmediate(next);
      else res.once('drain', next);
    };
    next();
  };
}

/**
 * A gate for an upstream's answers: a handler that awaits `passed` holds its answer until the test calls `open()`,
 * once what it waits for has happened (every concurrent request has joined, a deadline has passed). Tests wait for
 * such a state instead of making the upstream "slow enough".
 */
export function gate() {
  let open = () => {};
  const passed = new Promise<void>((resolve) => (open = resolve));
  return { passed, open };
}

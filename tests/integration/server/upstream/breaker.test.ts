import { connect } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedContentApi, startTestApp, type LogLine } from '../../../helpers/app.ts';
import {
  forwardTo,
  hang,
  startFakeUpstream,
  streamed,
  type FakeHandler,
  type StreamReport,
  under,
} from '../../../helpers/fake-upstream.ts';
import { rawRequest } from '../../../helpers/raw-http.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

const content = await sharedContentApi();
const upstream = await startFakeUpstream(forwardTo(content.url));
afterAll(() => upstream.close());

/** Fault only the calls under `prefix`; the layout's calls keep working. */
const only = (prefix: string, fault: FakeHandler): FakeHandler => under(prefix, fault, content.url);

// faults without the breaker: it must not open while these tests fault the upstream on purpose
const faults = await startServedApp({
  upstreamUrl: upstream.url,
  config: { UPSTREAM_TIMEOUT_MS: 1200, UPSTREAM_MAX_BYTES: 256 * 1024, UPSTREAM_BREAKER_THRESHOLD: 1000 },
});
const faultsPort = faults.port;

const breakerUpstream = await startFakeUpstream(forwardTo(content.url));
afterAll(() => breakerUpstream.close());
const breakerApp = await startTestApp({
  upstreamUrl: breakerUpstream.url,
  config: { UPSTREAM_BREAKER_THRESHOLD: 2, UPSTREAM_BREAKER_OPEN_SECONDS: 1.5, UPSTREAM_TIMEOUT_MS: 1000 },
});

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  upstream.reset();
  faults.app.upstream.cache.clear();
  faults.logs.length = 0;
});

const errors = (logs: LogLine[]) => logs.filter((l) => l.level >= 50);

describe('bounded upstream bodies (UPSTREAM_MAX_BYTES)', () => {
  it('cuts an oversized JSON body off while streaming (502 inside the layout)', async () => {
    const reports: StreamReport[] = [];
    upstream.handler = only('/api/v1/news', streamed({ totalBytes: 200 * 1024 * 1024 }, reports));
    const before = faults.app.upstream.client.counters.oversized;
    const res = await rawRequest(faultsPort, '/news', { accept: 'text/html' });
    expect(res.status).toBe(502);
    expect(res.body).toContain('class="site-footer"');
    await Promise.all(reports.map((r) => r.done));
    // the socket was dropped after a few chunks, not after 200 MB
    expect(reports.every((r) => r.closedEarly && r.written < 8 * 1024 * 1024)).toBe(true);
    expect(faults.app.upstream.client.counters.oversized).toBeGreaterThan(before);
    expect(await faults.app.metrics.metrics()).toMatch(/upstream_oversized_total [1-9]/);
  });

  it('refuses a declared Content-Length over the limit before reading it', async () => {
    const reports: StreamReport[] = [];
    upstream.handler = only('/api/v1/news', streamed({ totalBytes: 100 * 1024 * 1024, declareLength: true }, reports));
    const res = await rawRequest(faultsPort, '/news/_payload.json?x', {});
    expect(res.status).toBe(502);
    await Promise.all(reports.map((r) => r.done));
    expect(reports.every((r) => r.closedEarly)).toBe(true);
  });

  it('applies the same limit to media', async () => {
    const reports: StreamReport[] = [];
    upstream.handler = only('/media/', streamed({ totalBytes: 50 * 1024 * 1024, contentType: 'image/png' }, reports));
    const res = await rawRequest(faultsPort, '/media/big.png', { accept: 'image/*' });
    expect(res.status).toBe(502);
    await Promise.all(reports.map((r) => r.done));
    expect(reports.every((r) => r.closedEarly && r.written < 8 * 1024 * 1024)).toBe(true);
  });
});

describe('upstream time-outs and outages answer 504 and 503, for documents as for payloads', () => {
  it('answers 504 to documents and payloads when the upstream hangs', async () => {
    upstream.handler = only('/api/v1/news', hang());
    const [doc, payload] = await Promise.all([
      rawRequest(faultsPort, '/news', { accept: 'text/html' }),
      rawRequest(faultsPort, '/en/news/_payload.json?x', {}),
    ]);
    expect(doc.status).toBe(504);
    expect(doc.body).toContain('class="site-header"');
    expect(payload.status).toBe(504);
    expect(JSON.parse(payload.body)).toMatchObject({ status: 504 });
  });

  it('answers 504 when the upstream trickles (a byte now and then, never done in time)', async () => {
    upstream.handler = only('/api/v1/news', streamed({ totalBytes: 4096, chunkBytes: 16, intervalMs: 50 }));
    const doc = await rawRequest(faultsPort, '/news', { accept: 'text/html' });
    expect(doc.status).toBe(504);
  });

  it('answers 503 with Retry-After to documents and payloads when the upstream refuses connections, logging ONE error line per failed upstream call, not one per waiting request', async () => {
    upstream.handler = only('/api/v1/news', (_req, res) => void res.socket?.destroy());
    const results = await Promise.all(
      Array.from({ length: 12 }, () => rawRequest(faultsPort, '/news', { accept: 'text/html' })),
    );
    expect(results.every((r) => r.status === 503)).toBe(true);
    expect(results[0]!.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(results[0]!.body).toContain('class="site-header"');
    // concurrent misses share one call; each call is one line, whatever the number of requests waiting on it
    const attempts = upstream.requests.filter((r) => r.url.startsWith('/api/v1/news')).length;
    const failed = errors(faults.logs).filter((l) => l.msg === 'upstream call failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed.length).toBeLessThanOrEqual(attempts);
    expect(failed.length).toBeLessThan(results.length / 2);
    expect(errors(faults.logs).filter((l) => l.msg !== 'upstream call failed')).toEqual([]);
    const payload = await rawRequest(faultsPort, '/news/_payload.json?x', {});
    expect(payload.status).toBe(503);
    expect(payload.headers['retry-after']).toMatch(/^[1-9]\d*$/);
  });
});

describe('JSON routes of the BFF', () => {
  const glaciersDuringOutage = () => {
    upstream.handler = only('/api/v1/glaciers', (_req, res) => void res.socket?.destroy());
    return rawRequest(faultsPort, '/api/glaciers?bounds=35,60,45,80', { accept: 'application/json' });
  };

  it('answer an upstream outage with 503 + Retry-After, logged once, where the call failed', async () => {
    const res = await glaciersDuringOutage();
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(errors(faults.logs).map((l) => l.msg)).toEqual(['upstream call failed']);
  });
});

describe('client aborts', () => {
  it('records a visitor who leaves while the page waits as a 499 abort, not as an error', async () => {
    const seen = new Promise<void>(
      (resolve) =>
        (upstream.handler = only(
          '/api/v1/news',
          hang(() => resolve()),
        )),
    );
    const before = faults.app.edge.counters.clientAborts;
    const socket = connect(faultsPort, '127.0.0.1', () =>
      socket.write(`GET /news HTTP/1.1\r\nhost: 127.0.0.1\r\naccept: text/html\r\n\r\n`),
    );
    await seen;
    socket.destroy();
    const aborted = () => faults.logs.find((l) => l.msg === 'request aborted by client');
    await expect.poll(aborted).toBeDefined();
    expect(aborted()?.level).toBe(30);
    expect(aborted()?.status).toBe(499);
    expect(faults.app.edge.counters.clientAborts).toBe(before + 1);
    // the upstream's own time-out ends the loader later; that failure must not be logged as the request's error
    await expect
      .poll(() => faults.logs.some((l) => l.msg === 'upstream call failed' || l.msg === 'request abandoned'))
      .toBe(true);
    expect(faults.logs.filter((l) => l.msg === 'request failed')).toEqual([]);
  });
});

describe('circuit breaker', () => {
  const { app } = breakerApp;

  it('shields the upstream from calls while it is down, until one probe finds it back', async () => {
    // warm the cache, then let it expire: stale entries exist
    expect((await app.inject({ method: 'GET', url: '/en/news' })).statusCode).toBe(200);
    await breakerUpstream.down();
    for (let i = 0; i < 3; i += 1) await app.inject({ method: 'GET', url: '/news/cold-story' });
    expect(app.upstream.client.breaker().state).toBe('open');

    const callsWhileOpen = app.upstream.client.counters.calls;
    const cold = await app.inject({ method: 'GET', url: '/news/another-cold-story' });
    expect(cold.statusCode).toBe(503);
    expect(Number(cold.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(cold.body).toContain('class="site-header"');
    // cached pages still answer while open, without a call (stale entries too: see edge-soak.test.ts)
    expect((await app.inject({ method: 'GET', url: '/en/news' })).statusCode).toBe(200);
    expect(app.upstream.client.counters.calls).toBe(callsWhileOpen);

    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ upstream: { breaker: 'open' } });
    // liveness never asks the upstream
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    expect(app.upstream.client.counters.calls).toBe(callsWhileOpen);

    await breakerUpstream.up();
    // wait for the open time to pass: a probe is then let through and closes the breaker
    await expect.poll(() => app.upstream.client.breaker().state).not.toBe('open');
    // the first request after the open time carries the one probe (its other calls are still refused)
    const callsBeforeProbe = app.upstream.client.counters.calls;
    await app.inject({ method: 'GET', url: '/news' });
    expect(app.upstream.client.counters.calls).toBe(callsBeforeProbe + 1);
    expect(app.upstream.client.breaker().state).toBe('closed');
    expect((await app.inject({ method: 'GET', url: '/news' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startRedis, type Supervised } from '../../../scripts/stack-lib.mjs';
import { sharedContentApi, startTestApp, type LogLine } from '../../helpers/app.ts';
import { forwardTo, startFakeUpstream, type FakeUpstream } from '../../helpers/fake-upstream.ts';
import { stackAvailable } from '../../helpers/stack.ts';
import { atFileEnd } from '../../helpers/file-end.ts';

const TOKEN = 'a-purge-token-for-the-traces';
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
const idOf = (span: ReadableSpan) => span.spanContext().spanId;

describe.skipIf(!stackAvailable())('OpenTelemetry spans, read through the SDK’s in-memory exporter', () => {
  const exporter = new InMemorySpanExporter();
  let app: FastifyInstance;
  let logs: LogLine[];
  let redis: Supervised & { url: string };
  let upstream: FakeUpstream;
  const traceparents: string[] = [];

  const dir = mkdtempSync(join(tmpdir(), 'glacier-redis-'));
  // at the describe's level: Vitest never runs a hook registered inside beforeAll (Redis outlived the file)
  afterAll(async () => {
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    redis = await startRedis({ dir, port: await freePort(), log: () => {} });
    const content = await sharedContentApi();
    upstream = await startFakeUpstream(async (req, res) => {
      traceparents.push(String(req.headers.traceparent));
      await forwardTo(content.url)(req, res);
    });
    atFileEnd(() => upstream.close());
    ({ app, logs } = await startTestApp({
      upstreamUrl: upstream.url,
      config: { REDIS_URL: redis.url, PURGE_TOKEN: TOKEN, TRUST_PROXY: ['127.0.0.1'] },
      openTelemetry: { spanProcessors: [new SimpleSpanProcessor(exporter)] },
    }));
  });
  beforeEach(() => {
    exporter.reset();
    traceparents.length = 0;
  });

  /** The finished spans of the one request whose server span has `route`, once it has ended. */
  async function traceOf(route: string) {
    await expect.poll(() => exporter.getFinishedSpans().some((s) => s.attributes['http.route'] === route)).toBe(true);
    const server = exporter.getFinishedSpans().find((s) => s.attributes['http.route'] === route)!;
    const traceId = server.spanContext().traceId;
    return { server, spans: exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId) };
  }

  it('a cold page: a server span with the page-cache lookup, the render, each loader and each upstream call', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    const { server, spans } = await traceOf('news-list');
    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.name).toBe('GET news-list');
    expect(server.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': 'news-list',
      'http.response.status_code': 200,
      'app.locale': 'en',
      'app.cache': 'miss',
    });
    // the request log line names the same trace
    const line = logs.find((l) => l.msg === 'request' && l.route === 'news-list');
    expect(line?.trace_id).toBe(server.spanContext().traceId);

    const named = (name: string) => spans.filter((s) => s.name === name);
    const [lookup] = named('page-cache lookup');
    expect(lookup && parentOf(lookup)).toBe(idOf(server));
    expect(lookup?.attributes['app.cache']).toBe('miss');
    const [shell] = named('render to shell');
    const [allReady] = named('render to all-ready');
    expect(shell && parentOf(shell)).toBe(idOf(lookup!));
    expect(allReady && parentOf(allReady)).toBe(idOf(lookup!));
    const loaders = spans.filter((s) => s.name.startsWith('loader '));
    expect(loaders.map((s) => s.name)).toEqual(expect.arrayContaining(['loader root', 'loader news-list']));
    for (const loader of loaders) expect(parentOf(loader)).toBe(idOf(shell!));
    // each upstream call: a client span under a loader, and the traceparent the upstream saw names it
    const calls = spans.filter((s) => s.kind === SpanKind.CLIENT && s.name.startsWith('GET '));
    expect(calls.length).toBe(traceparents.length);
    expect(calls.length).toBe(line?.upstream_calls);
    const loaderIds = new Set(loaders.map(idOf));
    for (const call of calls) expect(loaderIds.has(parentOf(call) ?? '')).toBe(true);
    expect(new Set(traceparents)).toEqual(new Set(calls.map((c) => `00-${c.spanContext().traceId}-${idOf(c)}-01`)));
    // the shared cache's Redis calls are spans of the request too
    const redisSpans = spans.filter((s) => s.name.startsWith('redis '));
    expect(redisSpans.length).toBeGreaterThan(0);
    for (const span of redisSpans) expect(span.kind).toBe(SpanKind.CLIENT);
  });

  it('a hit: the server span and a lookup that found the page', async () => {
    await app.inject({ method: 'GET', url: '/en/about/team' });
    exporter.reset();
    const res = await app.inject({ method: 'GET', url: '/en/about/team' });
    expect(res.headers['x-cache']).toBe('hit');
    const { server, spans } = await traceOf('about-team');
    expect(server.attributes['app.cache']).toBe('hit');
    expect(spans.map((s) => s.name).sort()).toEqual(['GET about-team', 'page-cache lookup']);
  });

  it("continues a trusted proxy's trace", async () => {
    await app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    const { server } = await traceOf('/healthz');
    expect(server.spanContext().traceId).toBe(CALLER_TRACE);
    expect(parentOf(server)).toBe(CALLER_SPAN);
  });

  it('a purge: its fan-out is a span of the webhook call', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/__purge',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      payload: { keys: ['news'] },
    });
    expect(res.statusCode).toBe(200);
    const { server, spans } = await traceOf('/__purge');
    const [fanOut] = spans.filter((s) => s.name === 'purge fan-out');
    expect(fanOut && parentOf(fanOut)).toBe(idOf(server));
    expect(spans.some((s) => s.name.startsWith('redis ') && parentOf(s) === idOf(fanOut!))).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { startContentApi } from '../../../content-api/app.ts';
import { memoryLogger, startRecordedApp, startTestApp, type LogLine } from '../../helpers/app.ts';
import { startFakeUpstream } from '../../helpers/fake-upstream.ts';
import { atFileEnd } from '../../helpers/file-end.ts';

const TRACEPARENT = /^00-([\da-f]{32})-([\da-f]{16})-([\da-f]{2})$/;
const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = `00-${CALLER_TRACE}-00f067aa0ba902b7-01`;

/** A content API of the file's own whose request lines are kept, so the test can read what the BFF sent it. */
async function loggedContentApi() {
  const { lines, stream } = memoryLogger();
  const api = await startContentApi(0, { logger: { level: 'info', stream } });
  atFileEnd(() => api.app.close());
  return { url: api.url, lines };
}

const requestLine = (logs: LogLine[], url: string) =>
  logs.find((l) => l.msg === 'request' && (l.req as { url?: string } | undefined)?.url === url);

describe('Server-Timing', async () => {
  const { app, clientBuild } = await startTestApp();

  it('a render names the cache outcome, its upstream time and calls, its time to the shell and the total', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    const timing = String(res.headers['server-timing']);
    expect(timing).toMatch(
      /^cache;desc=miss, upstream;dur=\d+(\.\d)?;desc="[1-9]\d* calls?", render;dur=\d+(\.\d)?;desc="to shell", total;dur=\d+(\.\d)?$/,
    );
    // the same page from the page cache: the outcome and the total only
    const hit = await app.inject({ method: 'GET', url: '/en/news' });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['server-timing']).toMatch(/^cache;desc=hit, total;dur=\d+(\.\d)?$/);
  });

  it('a payload and an answer without a cache say what they did', async () => {
    const payload = await app.inject({ method: 'GET', url: `/en/news/_payload.json?${clientBuild.build.id}` });
    expect(payload.statusCode).toBe(200);
    expect(payload.headers['server-timing']).toMatch(
      /^cache;desc=(miss|hit), (upstream;dur=[\d.]+;desc="\d+ calls?", )?total;dur=/,
    );
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['server-timing']).toMatch(/^total;dur=\d+(\.\d)?$/);
  });

  it('names no host, port or path of the upstream', async () => {
    const res = await app.inject({ method: 'GET', url: '/en/about/team' });
    const timing = String(res.headers['server-timing']);
    expect(timing).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}\b|\/api\//);
  });

  it('SERVER_TIMING=off sends none', async () => {
    const { app: off } = await startTestApp({ config: { SERVER_TIMING: false } });
    const res = await off.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toBeUndefined();
  });
});

describe('trace context', async () => {
  const recorded = await startRecordedApp();

  it("follows one trace from the request's log line through every upstream call it made", async () => {
    const content = await loggedContentApi();
    const { app, logs } = await startTestApp({ upstreamUrl: content.url });
    const res = await app.inject({ method: 'GET', url: '/en/news' });
    expect(res.statusCode).toBe(200);
    const line = requestLine(logs, '/en/news');
    expect(line).toMatchObject({ cache: 'miss', upstream_calls: expect.any(Number), render_ms: expect.any(Number) });
    const traceId = String(line?.trace_id);
    expect(traceId).toMatch(/^[\da-f]{32}$/);
    // the content API's request lines of this trace: one per upstream call of the request, all of them
    const calls = content.lines.filter((l) => l.msg === 'incoming request' && l.trace_id === traceId);
    expect(calls.length).toBe(line?.upstream_calls);
    expect(calls.length).toBeGreaterThan(1);
    expect(content.lines.filter((l) => l.msg === 'incoming request' && l.trace_id !== traceId)).toEqual([]);
    // and Server-Timing says the same number of calls
    expect(String(res.headers['server-timing'])).toContain(`desc="${calls.length} calls"`);
  });

  it("every upstream call carries the request's traceparent: its trace, the BFF's span", async () => {
    await recorded.get('/en/about/team');
    const seen = recorded.upstream.requests.map((r) => String(r.headers.traceparent));
    const traceId = String(requestLine(recorded.logs, '/en/about/team')?.trace_id);
    expect(seen.length).toBeGreaterThan(0);
    for (const header of seen) expect(header).toMatch(TRACEPARENT);
    expect(new Set(seen.map((h) => TRACEPARENT.exec(h)?.[1]))).toEqual(new Set([traceId]));
  });

  it("continues a trusted proxy's traceparent and starts a new trace for anyone else's", async () => {
    const trusted = await startTestApp({ config: { TRUST_PROXY: ['127.0.0.1'] } });
    await trusted.app.inject({ method: 'GET', url: '/healthz', headers: { traceparent: CALLER } });
    expect(requestLine(trusted.logs, '/healthz')?.trace_id).toBe(CALLER_TRACE);

    const untrusted = await startTestApp();
    await untrusted.app.inject({ method: 'GET', url: '/healthz', headers: { traceparent: CALLER } });
    const own = requestLine(untrusted.logs, '/healthz')?.trace_id;
    expect(own).toMatch(/^[\da-f]{32}$/);
    expect(own).not.toBe(CALLER_TRACE);

    // trusting proxies at other addresses trusts no one else: the peer here is 127.0.0.1
    const elsewhere = await startTestApp({ config: { TRUST_PROXY: ['10.0.0.0/8', '192.0.2.1'] } });
    await elsewhere.app.inject({ method: 'GET', url: '/healthz', headers: { traceparent: CALLER } });
    expect(requestLine(elsewhere.logs, '/healthz')?.trace_id).not.toBe(CALLER_TRACE);
  });

  it('every log line of a request carries its trace id', async () => {
    const { app, logs } = await startTestApp({ config: { TRUST_PROXY: ['127.0.0.1'] } });
    await app.inject({ method: 'GET', url: '/en/news/no-such-item', headers: { traceparent: CALLER } });
    const lines = logs.filter((l) => l.reqId !== undefined);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.trace_id).toBe(CALLER_TRACE);
  });

  it('the 5xx error page shows the trace id, so a report can be found in the logs', async () => {
    const upstream = await startFakeUpstream((_req, res) => {
      res.statusCode = 500;
      res.end('{}');
    });
    atFileEnd(() => upstream.close());
    const { app, logs } = await startTestApp({
      upstreamUrl: upstream.url,
      config: { UPSTREAM_BREAKER_THRESHOLD: 1000 },
    });
    const res = await app.inject({ method: 'GET', url: '/en/news', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const traceId = String(requestLine(logs, '/en/news')?.trace_id);
    expect(traceId).toMatch(/^[\da-f]{32}$/);
    expect(res.body).toContain(traceId);
  });
});

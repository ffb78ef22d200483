import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startContentApi } from '../../../../content-api/app.ts';
import { outboxDelivered, startCountingContentApi, startTestApp } from '../../../helpers/app.ts';
import { forwardTo, hang } from '../../../helpers/fake-upstream.ts';
import { rawRequest } from '../../../helpers/raw-http.ts';
import { startServedApp } from '../../../helpers/served-app.ts';

// a content API of our own, so the submissions it stores can be counted
const { content, upstream, store, dataDir: contentDir } = await startCountingContentApi();

const { app, port, origin } = await startServedApp({
  upstreamUrl: upstream.url,
  outboxRetryMs: 50,
  config: { FEEDBACK_RATE_LIMIT: 1000, UPSTREAM_TIMEOUT_MS: 500, UPSTREAM_BREAKER_THRESHOLD: 1000 },
});

const valid = { name: 'Айгерим', email: 'aigerim@example.org', feedback_type_id: 2, message: 'Данные по Туюксу.' };
const posts = () => upstream.requests.filter((r) => r.method === 'POST');
const postJson = (body: unknown, headers: Record<string, string> = {}) =>
  rawRequest(
    port,
    '/feedback',
    { 'content-type': 'application/json', accept: 'application/json', ...headers },
    'POST',
    JSON.stringify(body),
  );
const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  rawRequest(
    port,
    '/en/feedback',
    { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', ...headers },
    'POST',
    new URLSearchParams(fields).toString(),
  );
const delivered = (key: string) => outboxDelivered(app, key);

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  upstream.reset();
});

describe('cross-site posts', () => {
  it.each([
    [{ origin: 'https://evil.example' }],
    [{ origin: 'null' }],
    [{ 'sec-fetch-site': 'cross-site' }],
    [{ 'sec-fetch-site': 'same-site', origin }],
  ])('%j → 403 JSON to a script, forwarding nothing', async (headers) => {
    const res = await postJson(valid, headers);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ statusCode: 403 });
    expect(posts()).toHaveLength(0);
  });

  it('→ 403 with the branded page to a form', async () => {
    const res = await postForm(
      { ...valid, feedback_type_id: '2' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    );
    expect(res.status).toBe(403);
    // the branded page (its layout and headers: tests/integration/server/http/error-answers.test.ts)
    expect(res.body).toContain('data-status="403"');
    expect(posts()).toHaveLength(0);
    expect(app.edge.counters.rejections.cross_site).toBeGreaterThanOrEqual(5);
  });

  it('lets same-origin posts and posts without Origin through (browsers never send those cross-site)', async () => {
    expect((await postJson(valid, { origin, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await postJson(valid)).status).toBe(200);
  });
});

describe('strict types', () => {
  it.each([
    ['feedback_type_id', true],
    ['feedback_type_id', [2]],
    ['feedback_type_id', '2abc'],
    ['name', 'Line\r\nBcc: x@example.org'],
    ['name', 'two\nlines'],
    ['email', 'a@example.org\r\nBcc: b@example.org'],
  ])('%s = %j → 400, nothing forwarded', async (field, value) => {
    const res = await postJson({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(Object.keys((JSON.parse(res.body) as { errors: object }).errors)).toEqual([field]);
    expect(posts()).toHaveLength(0);
  });
});

describe('nothing lost: the outbox', () => {
  it('a POST that times out after the upstream stored it is re-delivered once more and still stored once', async () => {
    const unique = `timeout ${Date.now()}`;
    // the upstream stores the post but never answers the first time
    let first = true;
    upstream.handler = (req, res) => {
      if (req.method === 'POST' && first) {
        first = false;
        void forwardTo(content.url)(req, { writeHead: () => res, end: () => undefined } as never);
        return hang()(req, res);
      }
      return forwardTo(content.url)(req, res);
    };
    const res = await postJson({ ...valid, message: unique });
    expect(res.status).toBe(202);
    const key = posts()[0]!.headers['idempotency-key'] as string;
    await delivered(key);
    expect(posts().length).toBeGreaterThanOrEqual(2);
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
  });

  it('survives a restart: a new process delivers what the last one kept', async () => {
    upstream.handler = (req, res) =>
      req.method === 'POST' ? void res.socket?.destroy() : forwardTo(content.url)(req, res);
    const shared = mkdtempSync(join(tmpdir(), 'glacier-outbox-'));
    afterAll(() => rmSync(shared, { recursive: true, force: true }));
    const unique = `restart ${Date.now()}`;
    const first = await startTestApp({
      upstreamUrl: upstream.url,
      outboxRetryMs: 60_000,
      config: { DATA_DIR: shared, UPSTREAM_BREAKER_THRESHOLD: 1000 },
    });
    const answer = await first.app.inject({ method: 'POST', url: '/feedback', payload: { ...valid, message: unique } });
    expect(answer.statusCode).toBe(202);
    await first.app.close();

    upstream.handler = forwardTo(content.url);
    const second = await startTestApp({ upstreamUrl: upstream.url, config: { DATA_DIR: shared } });
    if (second.app.feedbackOutbox.pending() > 0)
      await new Promise((resolve) => second.app.feedbackOutbox.events.once('delivered', resolve));
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
  });
});

describe('the content API honours Idempotency-Key', () => {
  const post = (key: string, message: string) =>
    fetch(`${content.url}/api/v1/feedbacks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ ...valid, message }),
    });

  it('stores a repeated or concurrent key once, answering the first record again', async () => {
    const key = `k-${Date.now()}-abcdef`;
    const unique = `idem ${key}`;
    const answers = await Promise.all([post(key, unique), post(key, unique), post(key, unique)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { data: { id: string } }).data.id));
    expect(new Set(ids).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(2);
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
  });

  it('still knows a key after a restart of the API', async () => {
    const key = `k-${Date.now()}-restart`;
    const unique = `idem ${key}`;
    expect((await post(key, unique)).status).toBe(201);
    const again = await startContentApi(0, { dataDir: contentDir });
    try {
      const replay = await fetch(`${again.url}/api/v1/feedbacks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ ...valid, message: unique }),
      });
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
    } finally {
      await again.app.close();
    }
    expect((await store.all()).filter((f) => f.message === unique)).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    expect((await post('bad key!', 'x')).status).toBe(400);
  });
});

/**
 * The client's `Idempotency-Key` (the form makes one per submission; the service worker re-sends a kept post with it):
 * forwarded upstream and kept by the outbox, so a repeated post is stored once.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { CachePolicy } from '../../../../server/cache-policies.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../../../shared/offline.ts';
import { outboxDelivered, startCountingContentApi, startTestApp } from '../../../helpers/app.ts';
import { forwardTo, json } from '../../../helpers/fake-upstream.ts';

// a content API of our own, so the submissions it stores can be counted
const { content, upstream, store } = await startCountingContentApi();
const { app, dataDir, logs } = await startTestApp({
  upstreamUrl: upstream.url,
  outboxRetryMs: 50,
  config: { FEEDBACK_RATE_LIMIT: 1000, UPSTREAM_BREAKER_THRESHOLD: 1000 },
});

const valid = { name: 'Айгерим', email: 'aigerim@example.org', feedback_type_id: 2, message: 'Данные по Туюксу.' };
const posts = () => upstream.requests.filter((r) => r.method === 'POST');
/** A key of this test alone, and a message to find its record by. */
const fresh = (label: string) => {
  const key = `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return { key, message: `idempotency ${key}` };
};
const post = (payload: object, headers: Record<string, string> = {}, url = '/feedback') =>
  app.inject({ method: 'POST', url, headers: { accept: 'application/json', ...headers }, payload });
const storedWith = async (message: string) => (await store.all()).filter((f) => f.message === message);
const outboxFiles = () => readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.json'));
const delivered = (key: string) => outboxDelivered(app, key);
/** The upstream refuses every POST for now (maintenance); the rest still reaches the content API. */
const postsFail = () => {
  upstream.handler = (req, res) =>
    req.method === 'POST' ? json(res, 503, { message: 'maintenance' }) : forwardTo(content.url)(req, res);
};

beforeEach(() => {
  upstream.handler = forwardTo(content.url);
  upstream.reset();
});

describe("POST /feedback with the client's Idempotency-Key", () => {
  it('forwards the key upstream, where the record is stored with it', async () => {
    const { key, message } = fresh('forward');
    const res = await post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key }, '/en/feedback');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success' });
    expect(posts().map((p) => p.headers[IDEMPOTENCY_KEY_HEADER])).toEqual([key]);
    const stored = await storedWith(message);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idempotency_key).toBe(key);
  });

  it('answers a repeat of a delivered post with success again, the upstream holding one record', async () => {
    const { key, message } = fresh('repeat');
    const first = await post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key });
    // the answer was lost: the service worker sends the same post again
    const second = await post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json(), second.json()]).toEqual([{ status: 'success' }, { status: 'success' }]);
    expect(posts()).toHaveLength(2);
    expect(await storedWith(message)).toHaveLength(1);
  });

  it('stores concurrent posts with one key once, answering each with success', async () => {
    const { key, message } = fresh('concurrent');
    const answers = await Promise.all(
      [1, 2, 3].map(() => post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await storedWith(message)).toHaveLength(1);
  });

  it('keeps one outbox entry for a key posted twice while the upstream fails, and stores it once', async () => {
    postsFail();
    const { key, message } = fresh('queued');
    const first = await post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key });
    const second = await post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json()).toEqual({ status: 'success', queued: true });
    expect(outboxFiles()).toEqual([`${key}.json`]);
    expect(app.feedbackOutbox.pending()).toBe(1);

    const done = delivered(key);
    upstream.handler = forwardTo(content.url);
    await done;
    // every attempt, the failed ones and the outbox's, carried the key
    expect(posts().length).toBeGreaterThanOrEqual(2);
    expect(posts().every((p) => p.headers[IDEMPOTENCY_KEY_HEADER] === key)).toBe(true);
    expect(outboxFiles()).toEqual([]);
    expect(app.feedbackOutbox.pending()).toBe(0);
    const stored = await storedWith(message);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idempotency_key).toBe(key);
  });

  it('keeps one outbox entry for concurrent posts of one key while the upstream fails', async () => {
    postsFail();
    const { key, message } = fresh('queued-concurrent');
    const done = delivered(key);
    const answers = await Promise.all(
      [1, 2, 3].map(() => post({ ...valid, message }, { [IDEMPOTENCY_KEY_HEADER]: key })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(outboxFiles()).toEqual([`${key}.json`]);
    upstream.handler = forwardTo(content.url);
    await done;
    expect(await storedWith(message)).toHaveLength(1);
  });

  it.each([
    ['too short', 'abc'],
    ['a character outside [A-Za-z0-9_-]', 'bad key with spaces'],
    ['too long', 'k'.repeat(129)],
  ])('refuses a key %s with 400 JSON, forwarding nothing', async (_case, key) => {
    const before = logs.length;
    const res = await post(valid, { [IDEMPOTENCY_KEY_HEADER]: key });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe(CachePolicy.none);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: 'Invalid Idempotency-Key header' });
    expect(posts()).toHaveLength(0);
    // logged once, at info
    const rejected = logs.slice(before).filter((l) => l.msg === 'feedback rejected');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.level).toBe(30);
  });

  it('sends a plain form post with an invalid key back to the form as failed, with its values', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/en/feedback',
      headers: { 'content-type': 'application/x-www-form-urlencoded', [IDEMPOTENCY_KEY_HEADER]: 'no!' },
      payload: new URLSearchParams({ ...valid, feedback_type_id: '2' }).toString(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain(`>${valid.message}</textarea>`);
    expect(posts()).toHaveLength(0);
  });

  it('makes a new key for each post without one', async () => {
    const { message } = fresh('no-key');
    const res = await post({ ...valid, message });
    expect(res.statusCode).toBe(200);
    await post(valid);
    const keys = posts().map((p) => p.headers[IDEMPOTENCY_KEY_HEADER]);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    const sent = keys[0];
    expect(sent).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(sent).toMatch(/^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/);
    const stored = await storedWith(message);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idempotency_key).toBe(sent);
  });
});

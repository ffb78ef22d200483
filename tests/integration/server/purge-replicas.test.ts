import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { EDITED, editableUpstream, SLUG, TITLE } from '../../helpers/editable-upstream.ts';
import { stackAvailable, startTestRedis } from '../../helpers/stack.ts';

const TOKEN = 'a-purge-token-of-the-test';
const PAGE = `/en/news/${SLUG}`;

const purgeBody = JSON.stringify({ keys: [`news:${SLUG}`] });
const purgeHeaders = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

describe.skipIf(!stackAvailable())('a purge reaches every replica sharing Redis', () => {
  it('one call on replica A: the next request to replica B shows the new content, from Redis too', async () => {
    const redis = await startTestRedis();
    const edit = await editableUpstream();
    const config = { PURGE_TOKEN: TOKEN, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: 2000 };
    const a = await startTestApp({ upstreamUrl: edit.upstream.url, config });
    const b = await startTestApp({ upstreamUrl: edit.upstream.url, config });
    const get = (app: typeof a.app, url: string) => app.inject({ method: 'GET', url });
    // A renders and stores (memory and Redis); B takes it from Redis into its memory
    await expect.poll(async () => (await get(a.app, PAGE)).headers['x-cache']).toBe('hit');
    await expect.poll(async () => (await get(b.app, PAGE)).headers['x-cache']).toBe('hit');
    edit.state.edited = true;
    expect((await get(b.app, PAGE)).body).toContain(TITLE);
    const res = await a.app.inject({ method: 'POST', url: '/__purge', headers: purgeHeaders, payload: purgeBody });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ purged: { l1: number; l2: number }; processes: number }>();
    expect(body.processes).toBe(2);
    expect(body.purged.l2).toBeGreaterThanOrEqual(2);
    const fromB = await get(b.app, PAGE);
    expect(fromB.headers['x-cache']).toBe('miss');
    expect(fromB.body).toContain(EDITED);
    expect((await get(a.app, PAGE)).body).toContain(EDITED);
  });

  it('Redis down: the purge clears memory but answers 503 with Retry-After so the caller tries again', async () => {
    const redis = await startTestRedis();
    const edit = await editableUpstream();
    const config = { PURGE_TOKEN: TOKEN, REDIS_URL: redis.url, REDIS_TIMEOUT_MS: 200 };
    const { app, logs } = await startTestApp({ upstreamUrl: edit.upstream.url, config });
    await expect.poll(async () => (await app.inject({ method: 'GET', url: PAGE })).headers['x-cache']).toBe('hit');
    await redis.stop();
    edit.state.edited = true;
    const res = await app.inject({ method: 'POST', url: '/__purge', headers: purgeHeaders, payload: purgeBody });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json<{ purged: { l1: number } }>().purged.l1).toBeGreaterThan(0);
    const audit = logs.filter((l) => l.msg === 'purge audit');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ level: 50, purge: { result: 'error', keys: [`news:${SLUG}`] } });
    const page = await app.inject({ method: 'GET', url: PAGE });
    expect(page.headers['x-cache']).toBe('miss');
    expect(page.body).toContain(EDITED);
  });
});

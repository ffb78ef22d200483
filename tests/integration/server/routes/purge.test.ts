import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../helpers/app.ts';
import { tokenFingerprint } from '../../../../server/routes/purge.ts';
import { EDITED, editableUpstream, SLUG, TITLE } from '../../../helpers/editable-upstream.ts';

const TOKEN = 'a-purge-token-of-the-test';

async function appWith(config: Record<string, unknown> = { PURGE_TOKEN: TOKEN }) {
  const edit = await editableUpstream();
  const started = await startTestApp({ upstreamUrl: edit.upstream.url, config });
  const get = (url: string) => started.app.inject({ method: 'GET', url });
  /** GET until the page cache holds the answer (it stores a render once it is compressed, after the visitor has it) */
  const warm = async (...urls: string[]) => {
    for (const url of urls) await expect.poll(async () => (await get(url)).headers['x-cache']).toBe('hit');
  };
  const purge = (body: unknown, token: string | null = TOKEN) =>
    started.app.inject({
      method: 'POST',
      url: '/__purge',
      payload: JSON.stringify(body),
      ...{
        headers: {
          'content-type': 'application/json',
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
      },
    });
  return { ...started, ...edit, get, warm, purge };
}

describe('the purge webhook: access and input', () => {
  it('refuses a missing or wrong token with 401', async () => {
    const { get, warm, purge, state, logs } = await appWith();
    await warm(`/en/news/${SLUG}`);
    state.edited = true;
    for (const token of [null, 'wrong-token-of-the-same-size', `${TOKEN}x`]) {
      const res = await purge({ keys: [`news:${SLUG}`] }, token);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="purge"');
    }
    const page = await get(`/en/news/${SLUG}`);
    expect(page.headers['x-cache']).toBe('hit');
    expect(page.body).toContain(TITLE);
    expect(page.body).not.toContain(EDITED);
    const refused = logs.filter((l) => l.msg === 'purge audit');
    expect(refused).toHaveLength(3);
    expect(refused.map((l) => l.level)).toEqual([40, 40, 40]);
    expect(refused[0]).toMatchObject({ purge: { result: 'unauthorized', client: '127.0.0.1', token: 'none' } });
    expect(refused[1]).toMatchObject({
      purge: { result: 'unauthorized', token: expect.stringMatching(/^sha256:[0-9a-f]{12}$/) },
    });
    // never the token itself
    expect(JSON.stringify(logs)).not.toContain('wrong-token-of-the-same-size');
  });

  it('answers 400 with the problem for a body that is not a purge', async () => {
    const { purge, logs } = await appWith();
    const cases: Array<[unknown, RegExp]> = [
      [{}, /at least one key or path/],
      [{ keys: 'news' }, /keys/],
      [{ keys: ['has space'] }, /no white space/],
      [{ paths: ['news'] }, /starts with \//],
      [{ keys: ['news'], extra: 1 }, /extra/],
      [{ keys: ['news'], soft: 'yes' }, /soft/],
      [{ keys: Array.from({ length: 600 }, (_, i) => `k${i}`), paths: Array.from({ length: 600 }, () => '/') }, /1000/],
    ];
    for (const [body, problem] of cases) {
      const res = await purge(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(problem);
    }
    const lines = logs.filter((l) => l.msg === 'purge audit');
    expect(lines).toHaveLength(cases.length);
    expect(lines.every((l) => l.level === 40)).toBe(true);
    expect(lines[0]).toMatchObject({
      purge: { result: 'invalid', problem: expect.stringMatching(/at least one/) as string },
    });
  });

  it('limits the calls per client and minute (429)', async () => {
    const { purge, logs } = await appWith({ PURGE_TOKEN: TOKEN, PURGE_RATE_LIMIT: 2 });
    expect((await purge({ keys: ['news'] })).statusCode).toBe(200);
    expect((await purge({ keys: ['news'] })).statusCode).toBe(200);
    expect((await purge({ keys: ['news'] })).statusCode).toBe(429);
    const lines = logs.filter((l) => l.msg === 'purge audit').map((l) => l.purge);
    expect(lines).toMatchObject([{ result: 'ok' }, { result: 'ok' }, { result: 'rate_limited', client: '127.0.0.1' }]);
  });

  it('without PURGE_TOKEN, is there only for the embedded content API’s token, from loopback', async () => {
    const { purge } = await appWith({});
    const internal = await startTestApp({ internalPurgeToken: 'made-at-start-0123456789' });
    const call = (token: string, remoteAddress = '127.0.0.1') =>
      internal.app.inject({
        method: 'POST',
        url: '/__purge',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
        payload: { keys: ['news'] },
      });
    expect((await call('made-at-start-0123456789')).statusCode).toBe(200);
    expect((await call('made-at-start-0123456789', '203.0.113.9')).statusCode).toBe(404);
    expect((await call('another-token-0123456789')).statusCode).toBe(404);
    expect((await purge({ keys: ['news'] })).statusCode).toBe(404);
  });
});

describe('the purge webhook: what it drops', () => {
  it('pages and payloads send the keys they were built from in Surrogate-Key', async () => {
    const { get } = await appWith();
    const detail = await get(`/en/news/${SLUG}`);
    const keys = String(detail.headers['surrogate-key']).split(' ');
    expect(keys).toEqual(expect.arrayContaining(['news', `news:${SLUG}`, 'main-menu', 'translations']));
    const list = await get('/en/news/_payload.json');
    expect(String(list.headers['surrogate-key']).split(' ')).toEqual(expect.arrayContaining(['news', `news:${SLUG}`]));
    // the layout's data travels with documents only
    expect(String(list.headers['surrogate-key']).split(' ')).not.toContain('main-menu');
    // a hit sends the same keys
    expect((await get(`/en/news/${SLUG}`)).headers['surrogate-key']).toBe(detail.headers['surrogate-key']);
  });

  it('a key purge drops every upstream answer, page and payload carrying the key, and nothing else', async () => {
    const { get, warm, purge, state, logs } = await appWith();
    await warm(`/en/news/${SLUG}`, '/en/news', `/news/${SLUG}`, '/en/about', `/en/news/${SLUG}/_payload.json`);
    state.edited = true;
    expect((await get(`/en/news/${SLUG}`)).body).not.toContain(EDITED);
    const res = await purge({ keys: [`news:${SLUG}`] });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ purged: { l1: number; l2: number }; processes: number }>();
    expect(body.processes).toBe(1);
    expect(body.purged.l2).toBe(0);
    // no tiers in front (PURGE_TIER_URLS unset): none named in the answer
    expect(body).not.toHaveProperty('tiers');
    // the detail in both locales, its payload, the list, and the upstream answers behind them (news list, item, latest)
    expect(body.purged.l1).toBeGreaterThanOrEqual(7);
    const detail = await get(`/en/news/${SLUG}`);
    expect(detail.headers['x-cache']).toBe('miss');
    expect(detail.body).toContain(EDITED);
    expect((await get('/en/news')).body).toContain(EDITED);
    expect((await get(`/en/news/${SLUG}/_payload.json`)).body).toContain(EDITED);
    expect((await get('/en/about')).headers['x-cache']).toBe('hit');
    const lines = logs.filter((l) => l.msg === 'purge audit');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      purge: {
        result: 'ok',
        client: '127.0.0.1',
        token: tokenFingerprint(TOKEN),
        keys: [`news:${SLUG}`],
        paths: [],
        soft: false,
        purged: body.purged,
        processes: 1,
        ms: expect.any(Number) as number,
      },
    });
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it('a soft purge serves the old page while one refresh runs, then the new one', async () => {
    const { get, warm, purge, state } = await appWith();
    await warm(`/en/news/${SLUG}`);
    state.edited = true;
    expect((await purge({ keys: [`news:${SLUG}`], soft: true })).statusCode).toBe(200);
    const during = await get(`/en/news/${SLUG}`);
    expect(during.headers['x-cache']).toBe('stale');
    expect(during.body).toContain(TITLE);
    await expect
      .poll(async () => {
        const page = await get(`/en/news/${SLUG}`);
        return `${String(page.headers['x-cache'])} ${page.body.includes(EDITED)}`;
      })
      .toBe('hit true');
  });

  it('a path purge drops that page, its payload and the upstream answers it was built from', async () => {
    const { get, warm, purge, state, upstream } = await appWith();
    await warm(`/en/news/${SLUG}`, `/en/news/${SLUG}/_payload.json`, '/en/news');
    state.edited = true;
    upstream.reset();
    expect((await purge({ paths: [`/en/news/${SLUG}`] })).statusCode).toBe(200);
    const detail = await get(`/en/news/${SLUG}`);
    expect(detail.headers['x-cache']).toBe('miss');
    expect(detail.body).toContain(EDITED);
    expect(upstream.requests.map((r) => r.url)).toContain(`/api/v1/news/${SLUG}`);
    expect((await get(`/en/news/${SLUG}/_payload.json`)).headers['x-cache']).toBe('miss');
    // another page is left alone (it keeps the old title until its own purge or expiry)
    const list = await get('/en/news');
    expect(list.headers['x-cache']).toBe('hit');
  });

  it('a path purge after any other purge, right after a first visit, drops what the visit read', async () => {
    const { get, purge, state } = await appWith();
    expect((await purge({ keys: ['news:anything'] })).statusCode).toBe(200);
    // the first visit: answered, while its page is still being compressed for the page cache
    expect((await get(`/en/news/${SLUG}`)).headers['x-cache']).toBe('miss');
    state.edited = true;
    const res = await purge({ paths: [`/en/news/${SLUG}`] });
    expect(res.statusCode).toBe(200);
    // the upstream answers the page was built from (the item, the latest news, the layout's)
    expect(res.json<{ purged: { l1: number } }>().purged.l1).toBeGreaterThanOrEqual(3);
    expect((await get(`/en/news/${SLUG}`)).body).toContain(EDITED);
  });

  it('an upstream answer a render reads after a purge of its path is dropped, not kept', async () => {
    const { get, purge, state, nextHeld } = await appWith();
    // the render is held on the item while the path is purged and the item edited
    state.hold = new RegExp(`^/api/v1/news/${SLUG}`);
    const held = nextHeld();
    const waiting = get(`/en/news/${SLUG}/_payload.json`);
    await held;
    expect((await purge({ paths: [`/en/news/${SLUG}`] })).statusCode).toBe(200);
    state.hold = undefined;
    for (const release of state.held) release();
    expect((await waiting).statusCode).toBe(200);
    // the item was read as it was before the edit: a later render asks the upstream again
    state.edited = true;
    expect((await get(`/en/news/${SLUG}`)).body).toContain(EDITED);
  });

  it('a render whose upstream answer was in flight during a purge is given to its visitor but not stored', async () => {
    const { get, purge, state, nextHeld } = await appWith();
    state.hold = new RegExp(`^/api/v1/news/${SLUG}`);
    const held = nextHeld();
    const waiting = get(`/en/news/${SLUG}`);
    await held;
    state.edited = true;
    expect((await purge({ keys: [`news:${SLUG}`] })).statusCode).toBe(200);
    // the upstream answers what it had when it was asked
    state.edited = false;
    state.hold = undefined;
    for (const release of state.held) release();
    const first = await waiting;
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain(TITLE);
    state.edited = true;
    const next = await get(`/en/news/${SLUG}`);
    expect(next.headers['x-cache']).toBe('miss');
    expect(next.body).toContain(EDITED);
  });

  it('counts purges, purged entries and refused calls by reason in /metrics', async () => {
    const { app, warm, purge } = await appWith({ PURGE_TOKEN: TOKEN, PURGE_RATE_LIMIT: 3 });
    await warm(`/en/news/${SLUG}`);
    await purge({ keys: [`news:${SLUG}`] });
    await purge({}, TOKEN);
    await purge({ keys: ['news'] }, 'wrong-token-of-some-length');
    expect((await purge({ keys: ['news'] })).statusCode).toBe(429);
    const text = await app.metrics.metrics();
    expect(text).toMatch(/cache_purges_total\{result="ok"\} 1/);
    expect(text).toMatch(/cache_purges_refused_total\{reason="invalid"\} 1/);
    expect(text).toMatch(/cache_purges_refused_total\{reason="unauthorized"\} 1/);
    expect(text).toMatch(/cache_purges_refused_total\{reason="rate_limited"\} 1/);
    expect(text).not.toMatch(/cache_purges_total\{result="(invalid|unauthorized)"/);
    expect(text).toMatch(/cache_purged_entries_total\{layer="l1"\} [1-9]/);
  });
});

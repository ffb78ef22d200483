import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../../../../scripts/stack-lib.mjs';
import type { TierResult } from '../../../../server/cache/tier-purge.ts';
import { startTestApp } from '../../../helpers/app.ts';
import { EDITED, editableUpstream, SLUG } from '../../../helpers/editable-upstream.ts';

const TOKEN = 'a-purge-token-of-the-tier-test';

interface Heard {
  tier: string;
  event: 'asked' | 'answered';
  method?: string;
  url?: string;
  xkey?: string;
  soft?: string;
}

/** A cache in front, as the BFF sees it: records what it is asked, then answers as `answer` says. */
async function fakeTier(
  name: string,
  heard: Heard[],
  answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('ok'),
) {
  const server = createServer((req, res) => {
    heard.push({
      tier: name,
      event: 'asked',
      method: req.method,
      url: req.url,
      xkey: req.headers.xkey as string | undefined,
      soft: req.headers['xkey-softpurge'] as string | undefined,
    });
    res.on('finish', () => heard.push({ tier: name, event: 'answered' }));
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

async function appWithTiers(tiers: string[], timeoutMs = 2000) {
  const edit = await editableUpstream();
  const started = await startTestApp({
    upstreamUrl: edit.upstream.url,
    config: { PURGE_TOKEN: TOKEN, PURGE_TIER_URLS: tiers, PURGE_TIER_TIMEOUT_MS: timeoutMs },
  });
  const get = (url: string) => started.app.inject({ method: 'GET', url });
  const purge = (body: unknown) =>
    started.app.inject({
      method: 'POST',
      url: '/__purge',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify(body),
    });
  return { ...started, ...edit, get, purge };
}

type Answer = { purged: { l1: number; l2: number }; processes: number; tiers: TierResult[]; message?: string };

describe('the purge webhook: the tiers in front (PURGE_TIER_URLS)', () => {
  it('purges every tier after the BFF, innermost first, with the keys and the paths as path: keys', async () => {
    const heard: Heard[] = [];
    const inner = await fakeTier('varnish', heard);
    const outer = await fakeTier('cdn', heard, (_req, res) => {
      res.setHeader('xkey-objects', '3');
      res.end('purged');
    });
    const { purge, logs } = await appWithTiers([inner, outer]);
    const res = await purge({ keys: [`news:${SLUG}`], paths: ['/en/about?utm=x'] });
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer>();
    expect(body.tiers).toEqual([
      { tier: inner, ok: true, ms: expect.any(Number) as number },
      { tier: outer, ok: true, objects: 3, ms: expect.any(Number) as number },
    ]);
    // the outer tier is asked once the inner one answered: it cannot fill again from a copy about to go
    expect(heard.map((h) => `${h.tier} ${h.event}`)).toEqual([
      'varnish asked',
      'varnish answered',
      'cdn asked',
      'cdn answered',
    ]);
    const asked = heard.filter((h) => h.event === 'asked');
    for (const h of asked) {
      expect(h).toMatchObject({ method: 'PURGE', url: '/', soft: undefined });
      expect(h.xkey?.split(' ')).toEqual([`news:${SLUG}`, 'path:/en/about']);
    }
    const audit = logs.find((l) => l.msg === 'purge audit');
    expect(audit).toMatchObject({ level: 30, purge: { result: 'ok', tiers: body.tiers } });
  });

  it('a soft purge is an xkey soft purge in every tier', async () => {
    const heard: Heard[] = [];
    const tier = await fakeTier('varnish', heard);
    const { purge } = await appWithTiers([tier]);
    expect((await purge({ keys: ['news'], soft: true })).statusCode).toBe(200);
    expect(heard[0]).toMatchObject({ method: 'PURGE', xkey: undefined, soft: 'news' });
  });

  it('a tier that is down or fails is named in a 503, and every other layer is purged all the same', async () => {
    const heard: Heard[] = [];
    const down = `http://127.0.0.1:${await freePort()}/`;
    const failing = await fakeTier('failing', heard, (_req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const last = await fakeTier('last', heard);
    const { get, purge, state, logs } = await appWithTiers([down, failing, last]);
    await expect.poll(async () => (await get(`/en/news/${SLUG}`)).headers['x-cache']).toBe('hit');
    state.edited = true;
    const res = await purge({ keys: [`news:${SLUG}`] });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    const body = res.json<Answer>();
    expect(body.tiers).toMatchObject([
      { tier: down, ok: false, error: 'ECONNREFUSED' },
      { tier: failing, ok: false, error: 'answered 500' },
      { tier: last, ok: true },
    ]);
    expect(body.message).toContain(`${down} did not confirm the purge (ECONNREFUSED)`);
    expect(body.message).toContain(`${failing} did not confirm the purge (answered 500)`);
    expect(body.message).not.toContain(last);
    // the BFF's own caches and the tier that is up were purged
    expect(body.processes).toBe(1);
    expect(heard.filter((h) => h.event === 'asked').map((h) => h.tier)).toEqual(['failing', 'last']);
    expect((await get(`/en/news/${SLUG}`)).body).toContain(EDITED);
    const audit = logs.find((l) => l.msg === 'purge audit');
    expect(audit).toMatchObject({
      level: 40,
      purge: { result: 'partial', tiers: body.tiers, problem: expect.stringContaining(down) as string },
    });
  });

  it('a tier that does not answer in time is named, and the next one is still purged', async () => {
    const heard: Heard[] = [];
    // asked, never answered (closed when the test ends)
    const silent = await fakeTier('silent', heard, () => {});
    const next = await fakeTier('next', heard);
    const { purge } = await appWithTiers([silent, next], 100);
    const res = await purge({ keys: ['news'] });
    expect(res.statusCode).toBe(503);
    expect(res.json<Answer>().tiers).toMatchObject([
      { tier: silent, ok: false, error: 'no answer within 100 ms' },
      { tier: next, ok: true },
    ]);
    expect(heard.filter((h) => h.event === 'answered').map((h) => h.tier)).toEqual(['next']);
  });
});

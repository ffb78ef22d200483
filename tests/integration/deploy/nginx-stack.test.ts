import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root, startStack, waitForOk, type Stack } from '../../../scripts/stack-lib.mjs';
import { EDITED, editableUpstream, SLUG, TITLE } from '../../helpers/editable-upstream.ts';
import { stackAvailable } from '../../helpers/stack.ts';

const PURGE_TOKEN = 'a-purge-token-of-the-stack';

/** `total` GETs of url(i), `concurrency` at a time; calls onDone(n) after each; returns statuses (0 = network error). */
async function drive(
  total: number,
  concurrency: number,
  url: (i: number) => string,
  onDone: (n: number) => void = () => {},
) {
  const statuses: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const status = await fetch(url(i))
        .then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        })
        .catch(() => 0);
      statuses.push(status);
      onDone(statuses.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe.skipIf(!stackAvailable())('the stack: nginx, two BFF replicas, Redis', () => {
  let stack: Stack;
  const logs: string[] = [];

  let edit: Awaited<ReturnType<typeof editableUpstream>>;

  beforeAll(async () => {
    // the editor's page editable, every other call as the content API answers it
    edit = await editableUpstream({ only: `/api/v1/news/${SLUG}` });
    stack = await startStack({
      replicas: 2,
      upstreamUrl: edit.upstream.url,
      // generous: renders under load (the tests below) block the event loop longer than the 250 ms default on 2 cores
      env: { LOG_LEVEL: 'info', REDIS_TIMEOUT_MS: '2000', PURGE_TOKEN },
      failTimeout: '2s',
      log: (name, line) => logs.push(`${name} ${line}`),
    });
  });
  afterAll(() => stack?.stop());

  it("every replica renders a page for the front's origin, read at the replica or through nginx", async () => {
    const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
    for (const base of [stack.url, ...stack.bffs.map((bff) => bff.url)])
      expect(canonical(await (await fetch(`${base}/en/about/team`)).text())).toBe(`${stack.url}/en/about/team`);
  });

  it("shows visitors no Surrogate-Key, rendered or from the BFF's page cache, although the replicas send it", async () => {
    const url = `${stack.url}/en/news/jobs`;
    const answers: { cache: string | null; key: string | null }[] = [];
    await expect
      .poll(async () => {
        const res = await fetch(url);
        await res.text();
        answers.push({ cache: res.headers.get('x-cache'), key: res.headers.get('surrogate-key') });
        return answers.at(-1)?.cache;
      })
      .toBe('hit');
    expect(answers[0]?.cache).toBe('miss');
    expect(answers.map((a) => a.key)).toEqual(answers.map(() => null));
    for (const bff of stack.bffs)
      expect((await fetch(`${bff.url}/en/news/jobs`)).headers.get('surrogate-key')).toContain('opportunities');
  });

  it('keeps no copy: after a purge, every read through nginx is the answer of a replica, the new content', async () => {
    const url = `${stack.url}/en/news/${SLUG}`;
    // stored by the BFFs: a hit of their page cache, passed on by nginx as it is
    await expect
      .poll(async () => {
        const res = await fetch(url);
        await res.text();
        return res.headers.get('x-cache');
      })
      .toBe('hit');
    edit.state.edited = true;
    const before = await fetch(url);
    expect(await before.text()).toContain(TITLE);
    expect(before.headers.get('x-cache')).toBe('hit');
    const purged = await fetch(`${stack.url}/__purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keys: [`news:${SLUG}`] }),
    });
    expect(purged.status).toBe(200);
    // the replicas are the only cache to purge: no tier in front (that the purge reaches every replica:
    // tests/integration/server/purge-replicas.test.ts)
    expect(await purged.json()).not.toHaveProperty('tiers');
    const reads: { body: string; cache: string | null; edge: string | null }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(url, { headers: { 'x-request-id': `after-purge-${i}` } });
      reads.push({
        body: await res.text(),
        cache: res.headers.get('x-cache'),
        edge: res.headers.get('x-cache-status'),
      });
    }
    // the first read renders the new content, the next ones are the replicas' (a hit, or the other replica's render
    // when it asks before the first one stored it); nginx adds no cache of its own
    expect(reads[0]?.cache).toBe('miss');
    for (const read of reads) expect(['hit', 'miss']).toContain(read.cache);
    expect(reads.every((r) => r.body.includes(EDITED) && r.edge === null)).toBe(true);
    // and each of them was asked of a replica (nginx's access log names the upstream and the BFF's outcome)
    await expect
      .poll(() => {
        const log = readFileSync(stack.nginx.accessLog, 'utf8').split('\n');
        return reads.map((_, i) => {
          const line = log.find((l) => l.includes(`"request_id":"after-purge-${i}"`));
          return line && /"upstream":"127\.0\.0\.1:\d+".*"cache":"(hit|miss)"/.test(line);
        });
      })
      .toEqual(reads.map(() => true));
  });

  it("passes a browser's revalidation to the BFF, which answers 304 from its page cache", async () => {
    const url = `${stack.url}/en/about/team`;
    const first = await fetch(url);
    await first.text();
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(url, { headers: { 'if-none-match': etag!, 'x-request-id': 'stack-revalidate-1' } });
    expect(again.status).toBe(304);
    // the BFF's answer (a hit, or stale while it refreshes), not a copy kept here
    expect(['hit', 'stale']).toContain(again.headers.get('x-cache'));
    expect(again.headers.get('x-accel-expires')).toBeNull();
    await expect
      .poll(() => readFileSync(stack.nginx.accessLog, 'utf8'))
      .toMatch(/"request_id":"stack-revalidate-1".*"status":304.*"upstream_status":"304"/);
  });

  it('serves /assets from the build on disk (its .gz file, a year immutable) and compresses what it proxies', async () => {
    const gz = readdirSync(join(root, 'dist', 'client', 'assets')).find((name) => name.endsWith('.js.gz'));
    expect(gz).toBeDefined();
    const asset = `/assets/${gz!.slice(0, -'.gz'.length)}`;
    const res = await fetch(stack.url + asset, {
      headers: { 'accept-encoding': 'gzip', 'x-request-id': 'stack-asset-1' },
    });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-request-id')).toBe('stack-asset-1');
    expect(body.equals(readFileSync(join(root, 'dist', 'client', 'assets', gz!.slice(0, -'.gz'.length))))).toBe(true);
    // no replica was asked
    await expect
      .poll(() => readFileSync(stack.nginx.accessLog, 'utf8'))
      .toMatch(/"request_id":"stack-asset-1".*"upstream":""/);
    // a page reaches the visitor compressed as asked (precompressed by the BFF, or compressed here)
    for (const encoding of ['br', 'gzip']) {
      const page = await fetch(`${stack.url}/en/news`, { headers: { 'accept-encoding': encoding } });
      await page.arrayBuffer();
      expect(page.headers.get('content-encoding')).toBe(encoding);
    }
  });

  it('passes the request id through to the app and its access log, which get nothing a feedback post typed', async () => {
    const marker = 'zzstackmarker4';
    const post = (email: string, id: string) =>
      fetch(`${stack.url}/en/feedback`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': id },
        body: new URLSearchParams({
          name: `N${marker}`,
          email,
          feedback_type_id: '2',
          message: `M${marker}`,
        }).toString(),
      });
    const invalid = await post(`broken${marker}`, 'stack-feedback-1');
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(`M${marker}</textarea>`);
    const sent = await post(`e${marker}@example.org`, 'stack-feedback-2');
    expect(sent.status).toBe(303);
    // the browser follows the redirect: its URL carries no value either
    const location = sent.headers.get('location')!;
    expect(location).toBe('/en/feedback?status=success');
    const result = await fetch(stack.url + location, { headers: { 'x-request-id': 'stack-feedback-3' } });
    expect(result.status).toBe(200);
    await result.text();
    expect(result.headers.get('x-request-id')).toBe('stack-feedback-3');
    expect(result.headers.get('x-cache')).toBe('miss');
    await expect
      .poll(() => readFileSync(stack.nginx.accessLog, 'utf8'))
      .toMatch(/"request_id":"stack-feedback-3".*"cache":"miss"/);
    await expect.poll(() => logs.some((l) => l.includes('"reqId":"stack-feedback-2"'))).toBe(true);
    expect(readFileSync(stack.nginx.accessLog, 'utf8')).not.toContain(marker);
    expect(logs.join('\n')).not.toContain(marker);
  });

  it('one replica killed under load: no request through nginx fails while the replica is replaced', async () => {
    const victim = stack.bffs[0]!;
    const before = victim.restarts;
    // a distinct payload URL each time (the first query key is a build id of any value): every one reaches a replica
    const statuses = await drive(
      200,
      8,
      (i) => `${stack.url}/en/_payload.json?kill${i}`,
      (n) => {
        if (n === 50) victim.kill('SIGKILL');
      },
    );
    expect(tally(statuses)).toEqual({ 200: 200 });
    await expect.poll(() => victim.restarts, { timeout: 10_000 }).toBe(before + 1);
    await waitForOk(`${victim.url}/readyz`);
  });

  it('Redis stopped mid-run: the replicas fall back to memory and the upstream without a client error', async () => {
    // distinct searches miss every cache level, so each one asks Redis
    const statuses = await drive(
      60,
      6,
      (i) => `${stack.url}/en/search?q=glacier${i}`,
      (n) => {
        if (n === 15) void stack.redis.stop();
      },
    );
    expect(tally(statuses)).toEqual({ 200: 60 });
    const metrics = await Promise.all(stack.bffs.map(async (bff) => (await fetch(bff.metricsUrl)).text()));
    expect(metrics.join('\n')).toMatch(/redis_errors_total\{op="\w+"\} [1-9]/);
    await stack.redis.resume();
  });
});

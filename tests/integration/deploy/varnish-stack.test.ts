import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALE_COOKIE as STACK_LOCALE_COOKIE, startStack, type Stack } from '../../../scripts/stack-lib.mjs';
import { LOCALE_COOKIE } from '../../../shared/constants.ts';
import { EDITED, editableUpstream, SLUG, TITLE } from '../../helpers/editable-upstream.ts';
import { stackAvailable, varnishAvailable } from '../../helpers/stack.ts';

const PURGE_TOKEN = 'a-purge-token-of-the-cdn-stack';

/** GET and the body, with the tier headers a test reads. */
async function read(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: 'manual' });
  const body = await res.text();
  return { status: res.status, body, headers: res.headers, cdn: res.headers.get('x-cdn-cache') };
}

describe.skipIf(!stackAvailable() || !varnishAvailable())(
  'the stack with a CDN tier: Varnish in front of nginx',
  () => {
    let stack: Stack;
    let edit: Awaited<ReturnType<typeof editableUpstream>>;
    const logs: string[] = [];

    const purge = (body: unknown, through = stack.url) =>
      fetch(`${through}/__purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    /** GET through Varnish until it answers from its cache */
    const cached = async (path: string, headers: Record<string, string> = {}) => {
      await expect.poll(async () => (await read(stack.url + path, headers)).cdn).toBe('HIT');
    };

    beforeAll(async () => {
      // the editor's page editable, every other call as the content API answers it
      edit = await editableUpstream({ only: `/api/v1/news/${SLUG}` });
      stack = await startStack({
        replicas: 1,
        cdn: 'varnish',
        upstreamUrl: edit.upstream.url,
        env: { LOG_LEVEL: 'info', REDIS_TIMEOUT_MS: '2000', PURGE_TOKEN },
        log: (name, line) => logs.push(`${name} ${line}`),
      });
    });
    afterAll(() => stack?.stop());

    it('keeps pages by s-maxage and stale-while-revalidate, and shows visitors no Surrogate-Key', async () => {
      await cached('/en/news');
      const page = await read(`${stack.url}/en/news`);
      expect(page.headers.get('surrogate-key')).toBeNull();
      expect(page.headers.get('xkey')).toBeNull();
      // nginx behind it passes the keys on: Varnish took them as its own
      expect((await read(`${stack.nginx.url}/en/news`)).headers.get('surrogate-key')).toContain('news');
      // Varnish's log of the fetch: TTL from s-maxage=60, grace from stale-while-revalidate=600
      const log = spawnSync(
        'varnishlog',
        ['-n', join(stack.dir, 'varnish', 'work'), '-d', '-g', 'request', '-q', 'BereqURL eq "/en/news"', '-i', 'TTL'],
        { encoding: 'utf8' },
      );
      expect(log.stdout).toMatch(/TTL\s+RFC 60 600 /);
    });

    it('a purge through Varnish reaches the replica and Varnish: the next read is new at every tier', async () => {
      const path = `/en/news/${SLUG}`;
      await cached(path);
      edit.state.edited = true;
      expect((await read(stack.url + path)).body).toContain(TITLE);
      const res = await purge({ keys: [`news:${SLUG}`] });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { tiers: Array<{ tier: string; ok: boolean; objects?: number }> };
      // Varnish is the one tier that keeps copies (nginx keeps none)
      expect(answer.tiers).toMatchObject([
        { tier: stack.cdn!.purgeUrl, ok: true, objects: expect.any(Number) as number },
      ]);
      expect(answer.tiers[0]!.objects).toBeGreaterThanOrEqual(1);
      const through = await read(stack.url + path);
      expect(through.cdn).toBe('MISS');
      expect(through.body).toContain(EDITED);
      expect((await read(stack.nginx.url + path)).body).toContain(EDITED);
      expect((await read(stack.bffs[0]!.url + path)).body).toContain(EDITED);
      for (let i = 0; i < 3; i++) expect((await read(stack.url + path)).body).toContain(EDITED);
    });

    it('a path purge drops the page and its payloads, whatever their query', async () => {
      await cached('/en/about');
      await cached('/en/about/_payload.json?abcd1234');
      await cached('/en/about/team');
      const res = await purge({ paths: ['/en/about'] });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { tiers: Array<{ objects?: number }> };
      expect(answer.tiers[0]!.objects).toBeGreaterThanOrEqual(2);
      expect((await read(`${stack.url}/en/about`)).cdn).toBe('MISS');
      expect((await read(`${stack.url}/en/about/_payload.json?abcd1234`)).cdn).toBe('MISS');
      expect((await read(`${stack.url}/en/about/team`)).cdn).toBe('HIT');
    });

    it('a soft purge: the next read is the kept copy, while a background fetch brings the new one', async () => {
      const path = `/en/news/${SLUG}`;
      await cached(path);
      expect((await read(stack.url + path)).body).toContain(EDITED);
      edit.state.edited = false;
      const res = await purge({ keys: [`news:${SLUG}`], soft: true });
      expect(res.status).toBe(200);
      const during = await read(stack.url + path);
      expect(during.cdn).toBe('HIT');
      expect(during.body).toContain(EDITED);
      // a render on two shared cores can take a second or more
      await expect
        .poll(async () => (await read(stack.url + path)).body.includes(EDITED), { timeout: 10_000 })
        .toBe(false);
      // the replica's stale answer was not kept as fresh by Varnish: every later read is the new one
      for (let i = 0; i < 3; i++) expect((await read(stack.url + path)).body).toContain(TITLE);
    });

    it('respects Vary at /: the locale cookie (its only cookie kept) and Accept-Language', async () => {
      expect(STACK_LOCALE_COOKIE).toBe(LOCALE_COOKIE);
      const ru = { 'accept-language': 'ru' };
      await cached('/', ru);
      expect((await read(`${stack.url}/`, ru)).body).toContain('lang="ru"');
      // another cookie is dropped: the same copy
      expect((await read(`${stack.url}/`, { ...ru, cookie: 'theme=dark; _ga=GA1.2' })).cdn).toBe('HIT');
      // an English reader is sent to /en, by the header or by the cookie: never the Russian copy
      const english = await read(`${stack.url}/`, { 'accept-language': 'en' });
      expect(english.status).toBe(302);
      expect(english.headers.get('location')).toBe('/en');
      const chose = await read(`${stack.url}/`, { ...ru, cookie: `theme=dark; ${LOCALE_COOKIE}=en` });
      expect(chose.status).toBe(302);
      expect(chose.headers.get('location')).toBe('/en');
      // and a Russian reader still gets the Russian page after them
      expect((await read(`${stack.url}/`, ru)).status).toBe(200);
    });

    it('a tier that is down: the replicas are purged all the same, and the answer and the audit line name it', async () => {
      const path = `/en/news/${SLUG}`;
      await cached(path);
      await stack.cdn!.stop();
      edit.state.edited = true;
      const res = await purge({ keys: [`news:${SLUG}`] }, stack.nginx.url);
      expect(res.status).toBe(503);
      const answer = (await res.json()) as { tiers: unknown[]; message: string };
      expect(answer.tiers).toMatchObject([{ tier: stack.cdn!.purgeUrl, ok: false, error: 'ECONNREFUSED' }]);
      expect(answer.message).toContain(`${stack.cdn!.purgeUrl} did not confirm`);
      expect((await read(stack.nginx.url + path)).body).toContain(EDITED);
      await expect
        .poll(() => logs.find((l) => l.includes('"msg":"purge audit"') && l.includes('"result":"partial"')))
        .toContain('ECONNREFUSED');
      await stack.cdn!.resume();
    });
  },
);

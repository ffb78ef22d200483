// Purge-to-fresh latency through the stack (`npm run bench` runs it; alone: `node scripts/bench-purge.mjs`): Redis,
// two BFF replicas and nginx on loopback, the content API behind a proxy that stands in for an editor (it adds the
// purge's number to one news item's title). Each of BENCH_PURGES (default 100) rounds: the item is edited, the
// webhook is called through nginx, and from its 200 the page is asked through nginx, one request after the other,
// until it shows the edit. Reports p50 / p99 / max of that wait, and of the webhook call itself. Each purge comes
// after a random pause of up to a second, as editors' purges come at any moment: nginx's copies end with the second
// (ADR 0091), and a loop that purged right after seeing the last edit would always purge just after a second began.
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { findPrograms, freePort, startContentApi, startStack } from './stack-lib.mjs';

const TOKEN = 'bench-purge-token-0123456789';

/** The p-th percentile (0–100) of values, nearest rank. */
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};

/** A proxy to the content API whose answers carry the editor's current change to one title. */
async function editorProxy(contentApiUrl, slug, title) {
  const state = { version: 0 };
  const server = createServer(async (req, res) => {
    const answer = await request(contentApiUrl + req.url, {
      method: req.method,
      headers: { 'accept-language': req.headers['accept-language'] ?? 'ru', accept: 'application/json' },
    });
    let body = Buffer.from(await answer.body.arrayBuffer());
    if (req.url.startsWith(`/api/v1/news/${slug}`) || req.url.startsWith('/api/v1/news?') || req.url === '/api/v1/news')
      body = Buffer.from(body.toString().replaceAll(title, `${title} #${state.version}`));
    res.writeHead(answer.statusCode, { 'content-type': answer.headers['content-type'] ?? 'application/json' });
    res.end(body);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, state, close: () => new Promise((r) => server.close(r)) };
}

export async function benchPurge({ purges = Number(process.env.BENCH_PURGES ?? 100) } = {}) {
  const programs = findPrograms();
  if (!programs.redis || !programs.nginx) return { skipped: `needs ${programs.missing.join(', ')}` };
  const dir = mkdtempSync(join(tmpdir(), 'glacier-bench-purge-'));
  const quiet = () => {};
  const content = await startContentApi({ port: await freePort(), dir, log: quiet });
  const news = await (
    await fetch(`${content.url}/api/v1/news?per_page=1`, { headers: { 'accept-language': 'en' } })
  ).json();
  const { slug, title } = news.data[0];
  const proxy = await editorProxy(content.url, slug, title);
  const stack = await startStack({
    workers: 2,
    upstreamUrl: proxy.url,
    env: { PURGE_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
    log: quiet,
  });
  const page = `${stack.url}/en/news/${slug}`;
  const toFresh = [];
  const calls = [];
  try {
    // cached by the replicas and nginx before the first purge
    for (let i = 0; i < 3; i++) await (await fetch(page)).text();
    for (let n = 1; n <= purges; n++) {
      await delay(Math.random() * 1000);
      proxy.state.version = n;
      const marker = `${title} #${n}`;
      const asked = performance.now();
      const res = await fetch(`${stack.url}/__purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ keys: [`news:${slug}`] }),
      });
      await res.text();
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`purge ${n} answered ${res.status}`);
      calls.push(answered - asked);
      // bounded: a page that never shows the edit fails the bench after 10 s
      for (;;) {
        const body = await (await fetch(page)).text();
        if (body.includes(marker)) break;
        if (performance.now() - answered > 10_000) throw new Error(`purge ${n}: no fresh page after 10 s`);
      }
      toFresh.push(performance.now() - answered);
    }
  } finally {
    await stack.stop();
    await proxy.close();
    await content.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const stats = (values) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  });
  return { purges, toFresh: stats(toFresh), call: stats(calls) };
}

export function formatPurge(result) {
  if (result.skipped) return `\npurge-to-fresh: skipped (${result.skipped})\n`;
  const ms = (v) => `${Math.round(v)} ms`;
  const { toFresh, call } = result;
  return (
    `\nPurge to fresh through nginx, 2 replicas + Redis, ${result.purges} purges:\n\n` +
    '| measure | p50 | p99 | max |\n|---|---|---|---|\n' +
    `| purge 200 → first fresh page through nginx | ${ms(toFresh.p50)} | ${ms(toFresh.p99)} | ${ms(toFresh.max)} |\n` +
    `| purge webhook call (through nginx) | ${ms(call.p50)} | ${ms(call.p99)} | ${ms(call.max)} |\n`
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(formatPurge(await benchPurge()));

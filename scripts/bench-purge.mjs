// Purge to fresh at every tier and replica (`npm run bench:purge`; `npm run bench` runs it too), as the public CDN
// purge monitors measure it: from the purge's answer to the first read that shows the edit. Two stacks on loopback,
// one after the other: nginx in front of two BFF replicas and Redis (nginx keeps no copy: a read through it is a
// replica's answer), then the same with Varnish in front of nginx (STACK_CDN=varnish), purged by xkey. The content
// API sits behind a proxy that stands in for an editor (it adds the purge's number to one news item's title). Each of
// BENCH_PURGES (default 100) rounds, after a random pause of up to a second (editors purge at any moment): the item
// is edited, the webhook is called through the front, and from its 200 the page is read at every tier and replica at
// once, each one read after the other until it shows the edit, then READS_AFTER more times, each of which must show
// it too (no tier or replica serving the old copy again).
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { freePort } from './local-server.mjs';
import { findPrograms, findVarnish, startContentApi, startStack } from './stack-lib.mjs';

const TOKEN = 'bench-purge-token-0123456789';
/** reads after the first fresh one, at each tier and replica, that must all be fresh */
const READS_AFTER = 3;
/** a tier that never shows the edit fails the bench after this long */
const GIVE_UP_MS = 10_000;

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

const readPage = async (url) => (await request(url)).body.text();

/** Read `url` until it shows `marker` (ms from `answered`), then READS_AFTER more times: how many were not fresh. */
async function untilFresh(url, marker, answered, n) {
  for (;;) {
    if ((await readPage(url)).includes(marker)) break;
    if (performance.now() - answered > GIVE_UP_MS) throw new Error(`purge ${n}: ${url} not fresh after 10 s`);
  }
  const ms = performance.now() - answered;
  let staleAgain = 0;
  for (let i = 0; i < READS_AFTER; i++) if (!(await readPage(url)).includes(marker)) staleAgain += 1;
  return { ms, staleAgain };
}

/** One stack (`cdn`: undefined for nginx in front, 'varnish'), `purges` rounds. */
async function run({ cdn, purges, content, slug, title }) {
  const proxy = await editorProxy(content.url, slug, title);
  const stack = await startStack({
    replicas: 2,
    cdn,
    upstreamUrl: proxy.url,
    env: { PURGE_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
    log: () => {},
  });
  const path = `/en/news/${slug}`;
  const targets = [
    ...(cdn ? [{ name: 'Varnish', url: stack.cdn.url + path }] : []),
    { name: 'nginx', url: stack.nginx.url + path },
    ...stack.bffs.map((bff, i) => ({ name: `replica ${i + 1}`, url: bff.url + path })),
  ];
  const toFresh = Object.fromEntries([...targets.map((t) => [t.name, []]), ['every tier', []]]);
  const calls = [];
  let staleAgain = 0;
  try {
    // cached by the replicas and Varnish before the first purge
    for (let i = 0; i < 3; i++) for (const t of targets) await readPage(t.url);
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
      const answer = await res.text();
      const answered = performance.now();
      if (res.status !== 200) throw new Error(`purge ${n} answered ${res.status}: ${answer}`);
      calls.push(answered - asked);
      const reads = await Promise.all(targets.map((t) => untilFresh(t.url, marker, answered, n)));
      reads.forEach((read, i) => toFresh[targets[i].name].push(read.ms));
      toFresh['every tier'].push(Math.max(...reads.map((read) => read.ms)));
      staleAgain += reads.reduce((sum, read) => sum + read.staleAgain, 0);
    }
  } finally {
    await stack.stop();
    await proxy.close();
  }
  const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });
  return {
    cdn,
    purges,
    toFresh: Object.fromEntries(Object.entries(toFresh).map(([name, values]) => [name, stats(values)])),
    call: stats(calls),
    staleAgain,
    readsAfter: purges * targets.length * READS_AFTER,
  };
}

export async function benchPurge({ purges = Number(process.env.BENCH_PURGES ?? 100) } = {}) {
  const programs = findPrograms();
  if (!programs.redis || !programs.nginx) return { skipped: `needs ${programs.missing.join(', ')}` };
  const varnish = findVarnish();
  const dir = mkdtempSync(join(tmpdir(), 'glacier-bench-purge-'));
  const content = await startContentApi({ port: await freePort(), dir, log: () => {} });
  try {
    const news = await (
      await fetch(`${content.url}/api/v1/news?per_page=1`, { headers: { 'accept-language': 'en' } })
    ).json();
    const { slug, title } = news.data[0];
    const runs = [await run({ cdn: undefined, purges, content, slug, title })];
    if (varnish.missing.length === 0) runs.push(await run({ cdn: 'varnish', purges, content, slug, title }));
    return { purges, runs, ...(varnish.missing.length > 0 ? { varnishSkipped: varnish.missing.join(', ') } : {}) };
  } finally {
    await content.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatPurge(result) {
  if (result.skipped) return `\npurge-to-fresh: skipped (${result.skipped})\n`;
  const ms = (v) => `${Math.round(v)} ms`;
  const tables = result.runs.map((r) => {
    const front = r.cdn ? 'Varnish in front of nginx' : 'nginx in front';
    const rows = Object.entries(r.toFresh).map(
      ([name, s]) => `| ${name} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`,
    );
    return (
      `\nPurge answer → first fresh read, ${front}, 2 replicas + Redis, ${r.purges} purges:\n\n` +
      '| read at | p50 | p99 | max |\n|---|---|---|---|\n' +
      `${rows.join('\n')}\n` +
      `| (the webhook call itself) | ${ms(r.call.p50)} | ${ms(r.call.p99)} | ${ms(r.call.max)} |\n\n` +
      `Reads after the first fresh one that showed the old copy: ${r.staleAgain} of ${r.readsAfter}.\n`
    );
  });
  const skipped = result.varnishSkipped ? `\nVarnish: skipped (needs ${result.varnishSkipped})\n` : '';
  return tables.join('') + skipped;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.stdout.write(formatPurge(await benchPurge()));

// `npm run bench`: autocannon on 127.0.0.1 against the compiled server (warm cache) and, in the same run, against a
// static ceiling: a Fastify process sending a fixed copy of the same HTML. Bounded: BENCH_SECONDS per case (default 8).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function start(script, env) {
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

const run = (url) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration: seconds, headers: { 'accept-language': 'ru' } }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

const port = await freePort();
const server = start('dist/server/main.js', { PORT: String(port), LOG_LEVEL: 'info' });
const origin = `http://127.0.0.1:${port}`;
const rows = [];
try {
  await waitFor(`${origin}/healthz`);
  const list = await (await fetch(`${origin}/news/_payload.json?bench`)).json();
  const slug = list.loaderData['news-list'].items[0].slug;
  const pages = ['/', '/news', `/news/${slug}`];
  for (const path of pages) {
    // warm the cache, and keep the exact HTML for the ceiling
    const html = await (await fetch(origin + path, { headers: { 'accept-language': 'ru' } })).text();
    const file = join(tmpdir(), `bench-ceiling-${process.pid}.html`);
    writeFileSync(file, html);
    const ceilingPort = await freePort();
    const ceiling = start('scripts/bench-ceiling.mjs', { PORT: String(ceilingPort), HTML_FILE: file });
    try {
      await waitFor(`http://127.0.0.1:${ceilingPort}/`);
      const page = await run(origin + path);
      const fixed = await run(`http://127.0.0.1:${ceilingPort}/`);
      rows.push({ path, bytes: html.length, page, fixed });
    } finally {
      ceiling.kill();
    }
  }
} finally {
  server.kill();
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
process.stdout.write(
  `\n${connections} connections, ${seconds} s per case, Node ${process.version}\n\n` +
    '| page | bytes | page req/s | page p50 / p99 ms | ceiling req/s | ceiling p50 / p99 ms | page / ceiling |\n' +
    '|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        ({ path, bytes, page, fixed }) =>
          `| ${path.length > 24 ? path.slice(0, 21) + '…' : path} | ${fmt(bytes)} | ${fmt(page.requests.average)} | ${page.latency.p50} / ${page.latency.p99} | ` +
          `${fmt(fixed.requests.average)} | ${fixed.latency.p50} / ${fixed.latency.p99} | ${(page.requests.average / fixed.requests.average).toFixed(2)} |`,
      )
      .join('\n') +
    '\n' +
    rows
      .map(({ path, page }) =>
        page.non2xx || page.errors ? `! ${path}: ${page.non2xx} non-2xx, ${page.errors} errors\n` : '',
      )
      .join(''),
);

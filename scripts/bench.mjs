// `npm run bench`: autocannon on 127.0.0.1 against the compiled server and, in the same run, against a static
// ceiling: a Fastify process sending a fixed copy of the same bytes (uncompressed; a br case is also run against a
// ceiling sending its compressed bytes, the most any server answers on this machine). Cases: cached page hits, a hit with
// `Accept-Encoding: br`, a render on a miss (a second server with the page cache off, upstream cache warm) and a
// warm `_payload.json`. Server CPU per request comes from /proc/<pid>/stat (utime + stime) before and after each
// case. Then the client bundle sizes from the build manifest. Bounded: BENCH_SECONDS per run (default 8);
// BENCH_CASES (comma-separated words) runs only the cases whose name contains one of them. Each measured run (page
// and ceiling) follows BENCH_WARMUP_SECONDS (default 1) of untimed load on the same URL.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { firstNewsSlug, freePort, load, measure, root, startServer, waitForOk } from './stack-lib.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const options = (headers = {}, duration = seconds) => ({ connections, duration, headers });

/** untimed load before each measured run, so both sides are measured with their code paths compiled (JIT) */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

async function measured(child, url, headers) {
  if (warmupSeconds > 0) await load(url, options(headers, warmupSeconds));
  return measure(child.pid, url, options(headers));
}

/** The body bytes of an answer as they came over the wire (still compressed). */
async function rawBody(url, headers) {
  const res = await request(url, { headers });
  return Buffer.from(await res.body.arrayBuffer());
}

/** The ceiling for one body: the same bytes from a Fastify process that does nothing else. */
async function withCeiling(body, type, fn) {
  const file = join(tmpdir(), `bench-ceiling-${process.pid}.bin`);
  writeFileSync(file, body);
  const port = await freePort();
  const ceiling = spawn(process.execPath, ['scripts/bench-ceiling.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BODY_FILE: file, CONTENT_TYPE: type },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForOk(`http://127.0.0.1:${port}/`, 30_000);
    return await fn(`http://127.0.0.1:${port}/`, ceiling);
  } finally {
    ceiling.kill();
  }
}

const build = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8'));
const rows = [];
const cached = await startServer();
const uncached = await startServer({ env: { PAGE_CACHE_TTL_MS: '0' } });
try {
  const slug = await firstNewsSlug(cached.origin);
  const cases = [
    { name: 'hit /en/news', server: cached, path: '/en/news', type: 'text/html; charset=utf-8' },
    { name: 'hit /en (home)', server: cached, path: '/en', type: 'text/html; charset=utf-8' },
    { name: 'hit detail', server: cached, path: `/en/news/${slug}`, type: 'text/html; charset=utf-8' },
    { name: 'hit /en/news br', server: cached, path: '/en/news', type: 'text/html; charset=utf-8', br: true },
    { name: 'miss /en/news (cache off)', server: uncached, path: '/en/news', type: 'text/html; charset=utf-8' },
    {
      name: 'payload /en/news br',
      server: cached,
      path: `/en/news/_payload.json?${build.id}`,
      type: 'application/json; charset=utf-8',
      br: true,
    },
    { name: '/ (ru, never stored)', server: cached, path: '/', type: 'text/html; charset=utf-8' },
  ];
  // BENCH_CASES=miss,payload runs only the cases whose name contains one of the words (a quick before/after)
  const only = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
  for (const c of cases) {
    if (only.length > 0 && !only.some((word) => c.name.includes(word))) continue;
    const headers = { 'accept-language': 'ru', ...(c.br ? { 'accept-encoding': 'br' } : {}) };
    // warm both caches, and keep the identity bytes for the ceiling
    const res = await fetch(c.server.origin + c.path, { headers: { 'accept-language': 'ru' } });
    const body = Buffer.from(await res.arrayBuffer());
    await fetch(c.server.origin + c.path, { headers });
    // the compressed bytes as sent (fetch would decode them): the wire ceiling of a br case
    const packed = c.br ? await rawBody(c.server.origin + c.path, headers) : body;
    const row = await withCeiling(body, c.type, async (ceilingUrl, ceiling) => {
      const page = await measured(c.server.child, c.server.origin + c.path, headers);
      const fixed = await measured(ceiling, ceilingUrl, {});
      return { ...c, bytes: body.length, wire: packed.length, page, fixed };
    });
    // what any server can answer here when it sends the compressed bytes and does nothing else: the bound of a br case
    if (c.br) row.wireCeiling = await withCeiling(packed, c.type, (url, ceiling) => measured(ceiling, url, {}));
    rows.push(row);
  }
} finally {
  await Promise.all([cached.stop(), uncached.stop()]);
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
process.stdout.write(
  `\n${connections} connections, ${seconds} s per run, Node ${process.version}, build ${build.id}\n\n` +
    '| case | bytes (wire) | req/s | p50 / p99 ms | server CPU µs/req | ceiling req/s | ceiling p50 / p99 ms | ceiling CPU µs/req | ratio |\n' +
    '|---|---|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        ({ name, bytes, wire, page, fixed }) =>
          `| ${name} | ${fmt(bytes)}${wire !== bytes ? ` (${fmt(wire)})` : ''} | ${fmt(page.result.requests.average)} | ` +
          `${page.result.latency.p50} / ${page.result.latency.p99} | ${fmt(page.cpuPerRequest)} | ` +
          `${fmt(fixed.result.requests.average)} | ${fixed.result.latency.p50} / ${fixed.result.latency.p99} | ` +
          `${fmt(fixed.cpuPerRequest)} | ${(page.result.requests.average / fixed.result.requests.average).toFixed(2)} |`,
      )
      .join('\n') +
    '\n' +
    (rows.some((r) => r.wireCeiling)
      ? '\nCompressed cases against a ceiling sending the compressed bytes (the most any server answers here):\n\n' +
        '| case | wire bytes | req/s | wire ceiling req/s | wire ceiling / ceiling | req/s / wire ceiling |\n' +
        '|---|---|---|---|---|---|\n' +
        rows
          .filter((r) => r.wireCeiling)
          .map(
            ({ name, wire, page, fixed, wireCeiling }) =>
              `| ${name} | ${fmt(wire)} | ${fmt(page.result.requests.average)} | ` +
              `${fmt(wireCeiling.result.requests.average)} | ` +
              `${(wireCeiling.result.requests.average / fixed.result.requests.average).toFixed(2)} | ` +
              `${(page.result.requests.average / wireCeiling.result.requests.average).toFixed(2)} |`,
          )
          .join('\n') +
        '\n'
      : '') +
    rows
      .map(({ name, page }) =>
        page.result.non2xx || page.result.errors
          ? `! ${name}: ${page.result.non2xx} non-2xx, ${page.result.errors} errors\n`
          : '',
      )
      .join(''),
);

// client bundle sizes from the Vite manifest: first load (entry + static imports), every lazy chunk, largest chunks
const manifest = JSON.parse(readFileSync(join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(join(root, 'dist/client', file))).length;
const closure = (key, seen = new Set()) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  chunk.imports?.forEach((k) => closure(k, seen));
  return seen;
};
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const first = closure(entryKey);
const sum = (keys) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);
const firstJs = sum(first);
const css = [...new Set([...first].flatMap((k) => manifest[k].css ?? []))].reduce((n, f) => n + gz(f), 0);
const lazy = Object.keys(manifest)
  .filter((k) => manifest[k].isDynamicEntry)
  .map((k) => {
    const extra = [...closure(k)].filter((x) => !first.has(x));
    return { key: k, own: gz(manifest[k].file), extra: sum(extra) };
  })
  .sort((a, b) => b.extra - a.extra);
const largest = Object.keys(manifest)
  .filter((k) => manifest[k].file.endsWith('.js'))
  .map((k) => ({ file: manifest[k].file, size: gz(manifest[k].file) }))
  .sort((a, b) => b.size - a.size)
  .slice(0, 8);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
process.stdout.write(
  `\nclient (gzip): first-load JS ${kb(firstJs)} (${first.size} chunks), CSS ${kb(css)}\n\n` +
    '| lazy chunk (route/section) | own gzip | with its imports beyond first load |\n|---|---|---|\n' +
    lazy.map((l) => `| ${l.key} | ${kb(l.own)} | ${kb(l.extra)} |`).join('\n') +
    '\n\n| largest chunks | gzip |\n|---|---|\n' +
    largest.map((l) => `| ${l.file} | ${kb(l.size)} |`).join('\n') +
    '\n',
);

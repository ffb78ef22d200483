// `npm run bench`: autocannon on 127.0.0.1 against the compiled server and, in the same run, against a static
// ceiling: a Fastify process sending a fixed copy of the same bytes (uncompressed; a br case is also run against a
// ceiling sending its compressed bytes, the most any server answers on this machine; an identity hit also against
// the same bytes as a file served by @fastify/static). Cases: cached page hits, a hit
// with `Accept-Encoding: br`, a render on a miss (a second server with the page cache off, upstream cache warm), a
// warm `_payload.json`, `/` for a Russian visitor, and a hit and a render with OpenTelemetry on at a 10 % sampler
// (OTLP/HTTP to a local sink); then purge-to-fresh latency through nginx (bench-purge.mjs), and memory under a flood
// of distinct URLs (`flood`, bench-flood.mjs: RSS and memory outside V8's heap at start-up and after, for the default
// cache bounds and for 16 MiB ones, against start-up RSS + 1.5 × the bounds; FLOOD_URLS, FLOOD_IMAGES, FLOOD_ABANDONED).
// Server CPU per request comes from /proc/<pid>/stat (utime + stime) before and after each run.
// Page and ceilings run in BENCH_ROUNDS (default 3) alternating rounds, so a drift of the machine weighs on both
// sides alike; the table shows each figure's median and the median of the rounds' ratios. Then the client bundle
// sizes from the build manifest, and the JavaScript each page type loads before its load event in Chromium
// (`first-load`). Bounded: BENCH_SECONDS per run (default 5); BENCH_CASES (comma-separated words) runs only the cases
// whose name contains one of them. Each measured run follows BENCH_WARMUP_SECONDS (default 1) of
// untimed load on the same URL.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { request } from 'undici';
import { benchFlood, formatFlood } from './bench-flood.mjs';
import { benchPurge, formatPurge } from './bench-purge.mjs';
import { firstLoad, formatFirstLoad } from './first-load.mjs';
import { firstNewsSlug, freePort, load, measure, median, root, startServer, waitForOk } from './local-server.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
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
async function startCeiling(body, type, obligations = {}) {
  const file = join(tmpdir(), `bench-ceiling-${process.pid}-${body.length}.bin`);
  writeFileSync(file, body);
  const extra = {};
  if (obligations.headers) {
    extra.HEADERS_FILE = join(tmpdir(), `bench-ceiling-${process.pid}-headers.json`);
    writeFileSync(extra.HEADERS_FILE, JSON.stringify(obligations.headers));
  }
  if (obligations.log) extra.REQUEST_LOG = '1';
  let path = '';
  if (obligations.staticFile) {
    // the same bytes as a file on disk, served by @fastify/static
    extra.STATIC_DIR = join(tmpdir(), `bench-static-${process.pid}-${body.length}`);
    mkdirSync(extra.STATIC_DIR, { recursive: true });
    path = type.startsWith('application/json') ? 'page.json' : 'page.html';
    writeFileSync(join(extra.STATIC_DIR, path), body);
  }
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/bench-ceiling.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), BODY_FILE: file, CONTENT_TYPE: type, ...extra },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/${path}`;
  await waitForOk(url, 30_000);
  return { child, url, stop: () => child.kill() };
}

/** The headers a page is sent with, as the ceiling can replay them (no framing or per-request headers). */
async function pageHeaders(url, headers) {
  const res = await request(url, { headers });
  await res.body.dump();
  const perRequest = new Set(['content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !perRequest.has(name)));
}

/** The medians of a side's rounds. */
const summary = (runs) => ({
  rps: median(runs.map((r) => r.result.requests.average)),
  p50: median(runs.map((r) => r.result.latency.p50)),
  p99: median(runs.map((r) => r.result.latency.p99)),
  cpu: median(runs.map((r) => r.cpuPerRequest)),
  non2xx: runs.reduce((n, r) => n + r.result.non2xx, 0),
  errors: runs.reduce((n, r) => n + r.result.errors, 0),
});

const build = JSON.parse(readFileSync(join(root, 'dist/build.json'), 'utf8'));
const rows = [];
const cached = await startServer();
const uncached = await startServer({ env: { PAGE_CACHE_TTL_MS: '0' } });
// the same two with OpenTelemetry on at a 10 % sampler, exporting over OTLP/HTTP to a sink that answers 200
const sink = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('{}')));
await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
const otel = {
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
  OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
  OTEL_TRACES_SAMPLER_ARG: '0.1',
};
const lazily = (start) => {
  let started;
  return { get: () => (started ??= start()), stop: async () => (await started)?.stop() };
};
const traced = lazily(() => startServer({ env: otel }));
const tracedUncached = lazily(() => startServer({ env: { ...otel, PAGE_CACHE_TTL_MS: '0' } }));
try {
  const slug = await firstNewsSlug(cached.origin);
  const cases = [
    // with two more ceilings: one that also sends the page's headers, one that also writes a request log line
    { name: 'hit /en/news', server: cached, path: '/en/news', type: 'text/html; charset=utf-8', bounds: true },
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
    // a Russian visitor at the root: `Accept-Language: ru` resolves to the stored Russian page
    { name: 'hit / (ru)', server: cached, path: '/', type: 'text/html; charset=utf-8' },
    // the cost of tracing: OTEL_* set, one request in ten sampled and exported
    { name: 'hit /en/news (tracing 10 %)', server: traced.get, path: '/en/news', type: 'text/html; charset=utf-8' },
    {
      name: 'miss /en/news (cache off, tracing 10 %)',
      server: tracedUncached.get,
      path: '/en/news',
      type: 'text/html; charset=utf-8',
    },
  ];
  // BENCH_CASES=miss,payload runs only the cases whose name contains one of the words (a quick before/after)
  const only = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
  for (const c of cases) {
    if (only.length > 0 && !only.some((word) => c.name.includes(word))) continue;
    if (typeof c.server === 'function') c.server = await c.server();
    const headers = { 'accept-language': 'ru', ...(c.br ? { 'accept-encoding': 'br' } : {}) };
    // warm both caches, and keep the identity bytes for the ceiling
    const res = await fetch(c.server.origin + c.path, { headers: { 'accept-language': 'ru' } });
    const body = Buffer.from(await res.arrayBuffer());
    await fetch(c.server.origin + c.path, { headers });
    // the compressed bytes as sent (fetch would decode them): the wire ceiling of a br case
    const packed = c.br ? await rawBody(c.server.origin + c.path, headers) : body;
    const sent = c.bounds ? await pageHeaders(c.server.origin + c.path, headers) : undefined;
    const sides = {
      page: { child: c.server.child, url: c.server.origin + c.path, headers },
      ceiling: { ...(await startCeiling(body, c.type)), headers: {} },
      ...(c.br ? { wire: { ...(await startCeiling(packed, c.type)), headers: {} } } : {}),
      // an identity hit against a static file of the same size, as @fastify/static serves it
      ...(c.name.startsWith('hit') && !c.br
        ? { staticFile: { ...(await startCeiling(body, c.type, { staticFile: true })), headers: {} } }
        : {}),
      ...(sent
        ? {
            withHeaders: { ...(await startCeiling(body, c.type, { headers: sent })), headers: {} },
            withLog: { ...(await startCeiling(body, c.type, { headers: sent, log: true })), headers: {} },
          }
        : {}),
    };
    const runs = Object.fromEntries(Object.keys(sides).map((name) => [name, []]));
    try {
      for (let round = 0; round < rounds; round += 1) {
        const names = Object.keys(sides);
        // every other round in reverse order, so neither side always runs on a warmer or busier machine
        for (const name of round % 2 === 0 ? names : names.reverse()) {
          const side = sides[name];
          runs[name].push(await measured(side.child, side.url, side.headers));
        }
      }
    } finally {
      for (const side of Object.values(sides)) side.stop?.();
    }
    const ratios = (of, to) =>
      median(runs[of].map((r, i) => r.result.requests.average / runs[to][i].result.requests.average));
    const row = {
      ...c,
      bytes: body.length,
      wire: packed.length,
      page: summary(runs.page),
      fixed: summary(runs.ceiling),
      ratio: ratios('page', 'ceiling'),
      ...(sides.wire
        ? { wireCeiling: summary(runs.wire), wireRatio: ratios('wire', 'ceiling'), toWire: ratios('page', 'wire') }
        : {}),
      ...(sides.staticFile ? { staticFile: summary(runs.staticFile), toStaticFile: ratios('page', 'staticFile') } : {}),
      ...(sides.withHeaders
        ? {
            bounds: {
              headers: summary(runs.withHeaders),
              log: summary(runs.withLog),
              toHeaders: ratios('page', 'withHeaders'),
              toLog: ratios('page', 'withLog'),
              headersToCeiling: ratios('withHeaders', 'ceiling'),
              logToCeiling: ratios('withLog', 'ceiling'),
            },
          }
        : {}),
    };
    rows.push(row);
  }
} finally {
  await Promise.all([cached.stop(), uncached.stop(), traced.stop(), tracedUncached.stop()]);
  sink.close();
}

const fmt = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
/** A titled Markdown table, or nothing when it has no rows. */
const table = (title, head, body) =>
  body.length === 0
    ? ''
    : `\n${title}:\n\n| ${head.join(' | ')} |\n|${head.map(() => '---|').join('')}\n` +
      body.map((cells) => `| ${cells.join(' | ')} |\n`).join('');
process.stdout.write(
  `\n${connections} connections, ${rounds} alternating rounds of ${seconds} s, medians, Node ${process.version}, ` +
    `build ${build.id}\n\n` +
    '| case | bytes (wire) | req/s | p50 / p99 ms | server CPU µs/req | ceiling req/s | ceiling p50 / p99 ms | ceiling CPU µs/req | ratio |\n' +
    '|---|---|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        ({ name, bytes, wire, page, fixed, ratio }) =>
          `| ${name} | ${fmt(bytes)}${wire !== bytes ? ` (${fmt(wire)})` : ''} | ${fmt(page.rps)} | ` +
          `${page.p50} / ${page.p99} | ${fmt(page.cpu)} | ${fmt(fixed.rps)} | ${fixed.p50} / ${fixed.p99} | ` +
          `${fmt(fixed.cpu)} | ${ratio.toFixed(2)} |`,
      )
      .join('\n') +
    '\n' +
    table(
      'Compressed cases against a ceiling sending the compressed bytes (the most any server answers here)',
      ['case', 'wire bytes', 'req/s', 'wire ceiling req/s', 'wire ceiling / ceiling', 'req/s / wire ceiling'],
      rows
        .filter((r) => r.wireCeiling)
        .map(({ name, wire, page, wireCeiling, wireRatio, toWire }) => [
          name,
          fmt(wire),
          fmt(page.rps),
          fmt(wireCeiling.rps),
          wireRatio.toFixed(2),
          toWire.toFixed(2),
        ]),
    ) +
    table(
      'Identity hits against a static file of the same size served by @fastify/static (its defaults)',
      ['case', 'req/s', 'server CPU µs/req', 'static file req/s', 'static file CPU µs/req', 'req/s / static file'],
      rows
        .filter((r) => r.staticFile)
        .map(({ name, page, staticFile, toStaticFile }) => [
          name,
          fmt(page.rps),
          fmt(page.cpu),
          fmt(staticFile.rps),
          fmt(staticFile.cpu),
          toStaticFile.toFixed(2),
        ]),
    ) +
    rows
      .filter((r) => r.bounds)
      .map(
        ({ name, page, fixed, ratio, bounds }) =>
          `\nWhat bounds a hit (${name}): the ceiling, then the same with the page's headers, then also with one ` +
          `request log line:\n\n| side | req/s | server CPU µs/req | req/s of the ceiling | hit's req/s of its req/s |\n|---|---|---|---|---|\n` +
          `| ceiling | ${fmt(fixed.rps)} | ${fmt(fixed.cpu)} | 1.00 | ${ratio.toFixed(2)} |\n` +
          `| + the page's headers | ${fmt(bounds.headers.rps)} | ${fmt(bounds.headers.cpu)} | ` +
          `${bounds.headersToCeiling.toFixed(2)} | ${bounds.toHeaders.toFixed(2)} |\n` +
          `| + a request log line | ${fmt(bounds.log.rps)} | ${fmt(bounds.log.cpu)} | ` +
          `${bounds.logToCeiling.toFixed(2)} | ${bounds.toLog.toFixed(2)} |\n` +
          `| hit | ${fmt(page.rps)} | ${fmt(page.cpu)} | ${ratio.toFixed(2)} | 1.00 |\n`,
      )
      .join('') +
    rows
      .map(({ name, page }) =>
        page.non2xx || page.errors ? `! ${name}: ${page.non2xx} non-2xx, ${page.errors} errors\n` : '',
      )
      .join(''),
);

// purge-to-fresh latency on the stack (nginx, two replicas, Redis): `purge` in BENCH_CASES, or every case
const onlyCases = (process.env.BENCH_CASES ?? '').split(',').filter(Boolean);
if (onlyCases.length === 0 || onlyCases.includes('purge')) process.stdout.write(formatPurge(await benchPurge()));

// memory under a flood of distinct URLs, for the default bounds and for 16 MiB ones: `flood` in BENCH_CASES, or every case
if (onlyCases.length === 0 || onlyCases.includes('flood'))
  process.stdout.write(formatFlood(await benchFlood(build.id)));

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

// the JavaScript each page type loads before its load event, as Chromium loads it (scripts/first-load.mjs)
if (onlyCases.length === 0 || onlyCases.includes('first-load')) {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(chrome))
    process.stdout.write(`\nfirst load: no Chromium at ${chrome} (apt-get install -y chromium-headless-shell)\n`);
  else {
    const server = await startServer();
    try {
      process.stdout.write(formatFirstLoad(await firstLoad(server.origin, chrome)));
    } finally {
      await server.stop();
    }
  }
}

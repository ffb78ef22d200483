// Memory under a flood of distinct URLs (`npm run bench` runs it, `flood` in BENCH_CASES): the server as `npm start`
// starts it, once with the default cache bounds and once with 16 MiB ones; RSS, V8's heap and memory outside it at
// start-up and after, against start-up RSS + 1.5 × the bounds. FLOOD_URLS, FLOOD_IMAGES, FLOOD_ABANDONED.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { freePort, root, waitForOk } from './local-server.mjs';

/** Memory of a served process from its /metrics: RSS, V8's heap (used, committed), memory outside it, the caches. */
async function memoryOf(metricsOrigin) {
  const res = await request(`${metricsOrigin}/metrics`);
  const text = await res.body.text();
  const metric = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  const caches = [...text.matchAll(/^cache_bytes\{cache="([^"]+)"\} (\S+)$/gm)].reduce((n, m) => n + Number(m[2]), 0);
  return {
    rss: metric('process_resident_memory_bytes'),
    heapUsed: metric('nodejs_heap_size_used_bytes'),
    heapTotal: metric('nodejs_heap_size_total_bytes'),
    external: metric('nodejs_external_memory_bytes'),
    caches,
  };
}

/**
 * The flood: FLOOD_URLS (default 3,000) distinct pages of each kind (searches, their payloads, Russian searches and
 * publication filters), FLOOD_IMAGES (default 300) distinct image renditions, and FLOOD_ABANDONED (default 600)
 * renders whose visitor resets the connection at the first bytes, all at once. Bounded by count; 16 connections.
 */
async function flood(origin, buildId) {
  const urls = Number(process.env.FLOOD_URLS ?? 3000);
  const images = Number(process.env.FLOOD_IMAGES ?? 300);
  const abandoned = Number(process.env.FLOOD_ABANDONED ?? 600);
  const widths = [320, 640, 768, 1024, 1280, 1536, 2048, 2560, 3072];
  const formats = ['webp', 'avif', 'png', 'jpeg'];
  const media = [
    ...new Set(
      readdirSync(join(root, 'content-api/content')).flatMap(
        (f) => readFileSync(join(root, 'content-api/content', f), 'utf8').match(/[a-z0-9-]+\.(?:jpg|png|webp)/g) ?? [],
      ),
    ),
  ];
  const kinds = [
    (i) => `/en/search?q=flood${i}`,
    (i) => `/en/search/_payload.json?${buildId}&q=flood${i}`,
    (i) => `/search?q=${encodeURIComponent(`поток${i}`)}`,
    (i) => `/en/resources/publications?q=flood${i}`,
  ];
  const paths = [
    ...kinds.flatMap((kind) => Array.from({ length: urls }, (_, i) => kind(i))),
    ...Array.from(
      { length: images },
      (_, i) =>
        `/_img/w_${widths[i % widths.length]},f_${formats[Math.floor(i / widths.length) % formats.length]}` +
        `/media/${media[Math.floor(i / widths.length / formats.length) % media.length]}`,
    ),
  ];
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < paths.length) {
        const res = await request(origin + paths[next++], { headers: { 'accept-encoding': 'gzip, br' } });
        await res.body.dump();
      }
    }),
  );
  const { port } = new URL(origin);
  const abandon = (i) =>
    new Promise((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(`GET /en/search?q=gone${i} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
      );
      socket.once('data', () => socket.resetAndDestroy());
      socket.once('close', resolve);
      socket.once('error', resolve);
    });
  await Promise.all(Array.from({ length: abandoned }, (_, i) => abandon(i)));
  return paths.length + abandoned;
}

/**
 * The server as `npm start` starts it (scripts/start.mjs: its Node flags and environment; the pid is the server's, as
 * start.mjs replaces itself with it), on a free port with `env`; ready once /readyz answers, stopped with SIGTERM.
 */
async function startAsNpmStart(env) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForOk(`${origin}/readyz`, 60_000),
    exited.then((code) => Promise.reject(new Error(`npm start exited (${code}) before it was ready`))),
  ]);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, origin, stop };
}

/**
 * The flood against a fresh server per bound: memory at start-up and after, against start-up + 1.5 × the bounds.
 * `buildId`: the build's id, the payloads' query.
 */
export async function benchFlood(buildId) {
  const MiB = 1024 * 1024;
  const rows = [];
  for (const bytes of [64 * MiB, 16 * MiB]) {
    const metricsPort = await freePort();
    const dataDir = join(tmpdir(), `bench-flood-${process.pid}-${bytes}`);
    rmSync(dataDir, { recursive: true, force: true });
    const server = await startAsNpmStart({
      METRICS_PORT: String(metricsPort),
      PAGE_CACHE_MAX_BYTES: String(bytes),
      CACHE_MAX_BYTES: String(bytes),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
    });
    try {
      const metricsOrigin = `http://127.0.0.1:${metricsPort}`;
      const start = await memoryOf(metricsOrigin);
      const began = performance.now();
      const requests = await flood(server.origin, buildId);
      const seconds = (performance.now() - began) / 1000;
      const after = await memoryOf(metricsOrigin);
      const budget = start.rss + 1.5 * 2 * bytes;
      rows.push({ bytes, start, after, requests, seconds, budget });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}

/** The flood's table (Markdown). */
export function formatFlood(rows) {
  const MiB = 1024 * 1024;
  const mb = (n) => (n / 1_000_000).toFixed(0);
  return (
    '\nMemory under a flood of distinct URLs (pages, payloads, image renditions, abandoned renders), the server as ' +
    '`npm start` starts it, MB (budget: start-up RSS + 1.5 × the two cache bounds):\n\n' +
    '| bounds (page + upstream) | requests | s | RSS start → after | heap used start → after | heap committed ' +
    'start → after | external start → after | cache gauges after | budget | RSS after / budget |\n' +
    '|---|---|---|---|---|---|---|---|---|---|\n' +
    rows
      .map(
        ({ bytes, start, after, requests, seconds, budget }) =>
          `| 2 × ${bytes / MiB} MiB | ${requests.toLocaleString('en-US')} | ${seconds.toFixed(0)} | ` +
          `${mb(start.rss)} → ${mb(after.rss)} | ${mb(start.heapUsed)} → ${mb(after.heapUsed)} | ` +
          `${mb(start.heapTotal)} → ${mb(after.heapTotal)} | ${mb(start.external)} → ${mb(after.external)} | ` +
          `${mb(after.caches)} | ${mb(budget)} | ${(after.rss / budget).toFixed(2)} |`,
      )
      .join('\n') +
    '\n'
  );
}

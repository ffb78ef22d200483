// Server CPU per request of a render (our page cache off, upstream cache warm) against React Router 7 rendering a
// page of the same size: `npm run bench:rr7`. The reference is scripts/react-router-7, a React Router 7 framework
// app served by react-router-serve (Express, its request log, compression), whose one route renders our /en/news
// page's markup as React elements and serializes the page's hydration data as its loader's data (make-page.mjs).
// Its packages install on first use (npm install in that folder, versions pinned). Both servers run in
// production mode on loopback, get BENCH_WARMUP_SECONDS (default 5) of untimed load, then BENCH_ROUNDS (default 3)
// alternating autocannon runs of BENCH_SECONDS (default 5) at BENCH_CONNECTIONS (default 50); CPU = utime + stime of
// each server process from /proc, per request. Prints each round and the medians. Bounded: it stops by itself.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, load, measure, median, root, startServer, waitForOk } from './local-server.mjs';

const app = join(root, 'scripts', 'react-router-7');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);

const run = (command, args) => {
  const done = spawnSync(command, args, { cwd: app, stdio: 'inherit' });
  if (done.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${done.status})`);
};
if (!existsSync(join(app, 'node_modules', '@react-router', 'dev')))
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);

const ours = await startServer({ env: { PAGE_CACHE_TTL_MS: '0' } });
let reference;
try {
  const ourUrl = `${ours.origin}/en/news`;
  const html = await (await fetch(ourUrl)).text();
  const { writePage } = await import(join(app, 'make-page.mjs'));
  const elements = writePage(html, app);
  run(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build']);

  const port = await freePort();
  reference = spawn(process.execPath, ['node_modules/@react-router/serve/bin.js', './build/server/index.js'], {
    cwd: app,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const referenceUrl = `http://127.0.0.1:${port}/en/news`;
  await waitForOk(referenceUrl);
  const referenceBytes = (await (await fetch(referenceUrl)).text()).length;
  process.stdout.write(
    `page: ours ${html.length} bytes, React Router 7 ${referenceBytes} bytes (${elements} elements); ` +
      `${connections} connections, ${rounds} rounds of ${seconds} s\n`,
  );

  const cases = [
    { name: 'ours (page cache off)', url: ourUrl, pid: ours.child.pid, runs: [] },
    { name: 'React Router 7', url: referenceUrl, pid: reference.pid, runs: [] },
  ];
  for (const c of cases) await load(c.url, { connections, duration: warmup });
  for (let round = 1; round <= rounds; round += 1)
    for (const c of cases) {
      const { result, cpuPerRequest } = await measure(c.pid, c.url, { connections, duration: seconds });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${c.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      c.runs.push({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpu: cpuPerRequest,
      });
      process.stdout.write(
        `round ${round} ${c.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, ` +
          `p99 ${result.latency.p99} ms, ${Math.round(cpuPerRequest)} µs CPU/request\n`,
      );
    }
  const rows = cases.map((c) => ({
    case: c.name,
    'req/s': Math.round(median(c.runs.map((r) => r.rps))),
    'p50 / p99 ms': `${median(c.runs.map((r) => r.p50))} / ${median(c.runs.map((r) => r.p99))}`,
    'CPU µs/req': Math.round(median(c.runs.map((r) => r.cpu))),
  }));
  console.table(rows);
  process.stdout.write(
    `CPU per request, ours / React Router 7: ${(rows[0]['CPU µs/req'] / rows[1]['CPU µs/req']).toFixed(2)}\n`,
  );
} finally {
  reference?.kill('SIGTERM');
  await ours.stop();
}

// Server CPU per request of several builds, measured alternately (a shared machine's load moves between runs, so
// builds are compared round by round): `ROOTS=/path/a,/path/b node scripts/bench-ab.mjs [path] [rounds] [seconds]
// [connections]`. Each ROOTS entry is a checkout with a built dist/ (and node_modules). Every server runs with the
// page cache off (PAGE_CACHE_TTL_MS=0) on the embedded content API, gets BENCH_WARMUP_SECONDS (default 10) of untimed load
// for the upstream cache and the JIT, then `rounds` autocannon runs of `seconds` each, in turns; CPU = utime + stime
// of the server process from /proc per request. Prints each round and the medians. Bounded: it stops by itself.
import { readFileSync } from 'node:fs';
import { load, measure, median, startServer } from './local-server.mjs';

const roots = (process.env.ROOTS ?? '').split(',').filter(Boolean);
if (roots.length === 0) throw new Error('set ROOTS=/checkout/a,/checkout/b (each with a built dist/)');
const [, , path = '/en/news', rounds = '8', seconds = '3', connections = '4'] = process.argv;
const warm = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
const options = (duration) => ({ connections: Number(connections), duration });

const start = async (root) => ({ root, ...(await startServer({ cwd: root, env: { PAGE_CACHE_TTL_MS: '0' } })) });

const servers = await Promise.all(roots.map(start));
try {
  for (const s of servers) await load(s.origin + path, options(warm));
  const results = servers.map(() => []);
  for (let round = 0; round < Number(rounds); round += 1) {
    const order = servers.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const { child, origin } = servers[i];
      const { cpuPerRequest } = await measure(child.pid, origin + path, options(Number(seconds)));
      results[i].push(Math.round(cpuPerRequest));
    }
    const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    process.stdout.write(`round ${round + 1}: ${results.map((r) => r.at(-1)).join(' / ')} µs/req (load ${loadavg})\n`);
  }
  for (const [i, s] of servers.entries())
    process.stdout.write(`${s.root}: median ${median(results[i])} µs/req on ${path}\n`);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}

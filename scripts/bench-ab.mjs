// Server CPU per request of several builds, measured alternately (a shared machine's load moves between runs, so
// builds are compared round by round): `ROOTS=/path/a,/path/b node scripts/bench-ab.mjs [path] [rounds] [seconds]
// [connections]`. Each ROOTS entry is a checkout with a built dist/ (and node_modules). Every server runs with the
// page cache off (PAGE_CACHE_TTL_MS=0) on the embedded content API, gets WARM seconds (default 10) of untimed load
// for the upstream cache and the JIT, then `rounds` autocannon runs of `seconds` each, in turns; CPU = utime + stime
// of the server process from /proc per request. Prints each round and the medians. Bounded: it stops by itself.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort, waitForOk } from './stack-lib.mjs';

const roots = (process.env.ROOTS ?? '').split(',').filter(Boolean);
if (roots.length === 0) throw new Error('set ROOTS=/checkout/a,/checkout/b (each with a built dist/)');
const [, , path = '/en/news', rounds = '8', seconds = '3', connections = '4'] = process.argv;
const warm = Number(process.env.WARM ?? 10);

/** CPU time (µs) used so far: utime + stime of /proc/<pid>/stat (USER_HZ = 100). */
const cpuMicros = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};
const load = (url, duration) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: Number(connections), duration }, (err, res) => (err ? reject(err) : resolve(res))),
  );

async function start(root) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PAGE_CACHE_TTL_MS: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/healthz`, 30_000);
  return { root, child, origin };
}

const servers = await Promise.all(roots.map(start));
try {
  for (const s of servers) await load(s.origin + path, warm);
  const results = servers.map(() => []);
  for (let round = 0; round < Number(rounds); round += 1) {
    const order = servers.map((_, i) => i);
    if (round % 2) order.reverse();
    for (const i of order) {
      const { child, origin } = servers[i];
      const before = cpuMicros(child.pid);
      const res = await load(origin + path, Number(seconds));
      results[i].push(Math.round((cpuMicros(child.pid) - before) / res.requests.total));
    }
    const loadavg = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
    process.stdout.write(`round ${round + 1}: ${results.map((r) => r.at(-1)).join(' / ')} µs/req (load ${loadavg})\n`);
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  for (const [i, s] of servers.entries())
    process.stdout.write(`${s.root}: median ${median(results[i])} µs/req on ${path}\n`);
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
}

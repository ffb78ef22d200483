// One compiled server on a loopback port, and what the scripts and benches measure it with: free ports, waits for a
// port or a 200, bounded autocannon runs and the CPU a process used for them (stack-lib.mjs starts the whole stack).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const root = fileURLToPath(new URL('..', import.meta.url));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

/** Resolve once something accepts connections on the port (bounded). */
export async function waitForPort(port, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolve once GET url answers 200 (bounded). */
export async function waitForOk(url, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url).catch(() => undefined);
    if (res?.ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * The compiled server (dist/server/main.js of `cwd`) alone on a free loopback port, as `npm start` runs it: production,
 * its embedded content API, LOG_LEVEL info, `env` on top. Resolves once /readyz answers 200; rejects if the process
 * exits first. For the bench, profile, Lighthouse and screenshot scripts; `stop()` ends it and waits for the exit.
 */
export async function startServer({ cwd = root, env = {}, nodeArgs = [] } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, 'dist/server/main.js'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await Promise.race([
    waitForOk(`${origin}/readyz`, 30_000),
    exited.then((code) => Promise.reject(new Error(`${cwd}: the server exited (${code}) before it was ready`))),
  ]);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return { child, origin, stop };
}

/** CPU time (µs) a process has used so far: utime + stime of /proc/<pid>/stat (USER_HZ = 100 on Linux). */
export function cpuMicros(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // after the command's ")", fields[0] is field 3 (state): utime is field 14, stime field 15
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** The middle value of a list of numbers (the upper middle of an even count): a round-by-round figure's median. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One bounded autocannon run against a loopback URL (`options`: connections, duration in s, headers). */
export const load = (url, options) =>
  new Promise((resolve, reject) => autocannon({ url, ...options }, (err, res) => (err ? reject(err) : resolve(res))));

/** A run and the server CPU (µs) it cost per request: utime + stime of `pid` before and after; NaN if none answered. */
export async function measure(pid, url, options) {
  const before = cpuMicros(pid);
  const result = await load(url, options);
  const used = cpuMicros(pid) - before;
  return { result, cpuPerRequest: result.requests.total > 0 ? used / result.requests.total : NaN };
}

/** The slug of the first news story, from the English list's payload: the detail page the benches visit. */
export async function firstNewsSlug(origin) {
  const list = await (await fetch(`${origin}/en/news/_payload.json`)).json();
  return list.loaderData['news-list'].items[0].slug;
}

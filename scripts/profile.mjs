// CPU profile of the compiled server under load: `node scripts/profile.mjs <name> <path> [PAGE_CACHE_TTL_MS] [accept-encoding]`
// starts dist/server/main.js with --cpu-prof (profile in /tmp/glacier-prof/<name>), warms the caches, runs autocannon
// for PROFILE_SECONDS (default 5) and stops the server, which writes the .cpuprofile (open it in Chrome DevTools).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const [, , name = 'profile', path = '/en/news', cacheTtl = '0', encoding] = process.argv;
const root = fileURLToPath(new URL('..', import.meta.url));
const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address();
    srv.close(() => resolve(port));
  });
});
const dir = `/tmp/glacier-prof/${name}`;
const child = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/server/main.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), PAGE_CACHE_TTL_MS: cacheTtl, LOG_LEVEL: 'info' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${origin}/healthz`)).ok) break;
  } catch {
    if (i > 300) throw new Error('server did not come up');
  }
  await new Promise((r) => setTimeout(r, 100));
}
const headers = encoding ? { 'accept-encoding': encoding } : {};
for (let i = 0; i < 3; i += 1) await (await fetch(origin + path, { headers })).text();
const result = await new Promise((resolve, reject) =>
  autocannon(
    { url: origin + path, connections: 20, duration: Number(process.env.PROFILE_SECONDS ?? 5), headers },
    (err, res) => (err ? reject(err) : resolve(res)),
  ),
);
process.stdout.write(
  `${name}: ${result.requests.average} req/s, ${result.requests.total} requests; profile in ${dir}\n`,
);
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));

// CPU profile of the compiled server under load: `node scripts/profile.mjs <name> <path> [PAGE_CACHE_TTL_MS] [accept-encoding]`
// starts dist/server/main.js with --cpu-prof (profile in /tmp/glacier-prof/<name>), warms the caches, runs autocannon
// for PROFILE_SECONDS (default 5) and stops the server, which writes the .cpuprofile (open it in Chrome DevTools).
import autocannon from 'autocannon';
import { startServer } from './local-server.mjs';

const [, , name = 'profile', path = '/en/news', cacheTtl = '0', encoding] = process.argv;
const dir = `/tmp/glacier-prof/${name}`;
const server = await startServer({
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  env: { PAGE_CACHE_TTL_MS: cacheTtl },
});
const { origin } = server;
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
await server.stop();

// `npm run stack`: Redis, the content API (unless UPSTREAM_URL), REPLICAS BFF replicas and nginx on loopback ports,
// nginx on STACK_PORT (default 8080); with STACK_CDN=varnish, Varnish on STACK_PORT in front of nginx. The replicas
// fan purges out to Varnish (nginx keeps no copies). Ctrl-C or SIGTERM stops everything.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { findPrograms, findVarnish, INSTALL_HINT, root, startStack, VARNISH_INSTALL_HINT } from './stack-lib.mjs';

const programs = findPrograms();
if (programs.missing.length > 0) {
  process.stderr.write(
    `The stack needs ${programs.missing.join(', ')} (Debian packages). Install them with:\n  ${INSTALL_HINT}\n`,
  );
  if (!programs.redis || !programs.nginx) process.exit(1);
  process.stderr.write('Going on without brotli (gzip only).\n');
}
const cdn = process.env.STACK_CDN || undefined;
if (cdn !== undefined && cdn !== 'varnish') {
  process.stderr.write(`STACK_CDN is unset or varnish, not ${cdn}\n`);
  process.exit(1);
}
if (cdn === 'varnish' && findVarnish().missing.length > 0) {
  process.stderr.write(
    `STACK_CDN=varnish needs ${findVarnish().missing.join(', ')}. Install them with:\n  ${VARNISH_INSTALL_HINT}\n`,
  );
  process.exit(1);
}
const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const replicasEnv = Number(process.env.REPLICAS ?? '2');
const replicas = replicasEnv === 0 ? availableParallelism() : replicasEnv;
const port = Number(process.env.STACK_PORT ?? '8080');
if (!Number.isInteger(replicas) || replicas < 1 || !Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write('REPLICAS must be an integer ≥ 0 (0: one per core) and STACK_PORT a port number\n');
  process.exit(1);
}
const stack = await startStack({ replicas, port, cdn, upstreamUrl: process.env.UPSTREAM_URL || undefined });
process.stdout.write(
  [
    '',
    `glacier portal stack: ${stack.url}/`,
    ...(stack.cdn ? [`  varnish      ${stack.cdn.url} (VCL ${stack.cdn.vcl})`] : []),
    `  nginx        ${stack.nginx.url} (access log ${stack.nginx.accessLog})`,
    ...stack.bffs.map((b, i) => `  bff-${i}        ${b.url} (metrics ${b.metricsUrl})`),
    `  redis        ${stack.redis.url}`,
    `  content API  ${stack.upstreamUrl}`,
    'Ctrl-C stops everything.',
    '',
  ].join('\n'),
);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('stopping the stack…\n');
    void stack.stop().then(() => process.exit(0));
  });
}

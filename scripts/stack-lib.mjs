// The whole stack on loopback ports: Redis, the content API, N BFF replicas, nginx in front and, with `cdn:
// 'varnish'`, Varnish in front of nginx (scripts/stack.mjs and the stack tests under tests/integration/ use it).
// Each program is a real child process; nothing is simulated.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root, waitForOk, waitForPort } from './local-server.mjs';
import { BROTLI_MODULE, hasBrotliModule, renderNginxConfig } from './nginx-config.mjs';
import { supervised } from './supervised.mjs';

// what the stack's users also need, taken from here as before
export { freePort, root, waitForOk } from './local-server.mjs';

export const INSTALL_HINT = 'apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-filter redis-server';
export const VARNISH_INSTALL_HINT = 'apt-get update && apt-get install -y varnish varnish-modules';
/** the locale cookie's name (shared/constants.ts LOCALE_COOKIE), the one cookie Varnish keeps, at `/` only */
export const LOCALE_COOKIE = 'i18n_redirected';

const which = (name) => {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
};

/** The Debian programs the stack needs, and what is missing of them. */
export function findPrograms() {
  const redis =
    which('redis-server') ??
    (spawnSync('test', ['-x', '/usr/bin/redis-server']).status === 0 ? '/usr/bin/redis-server' : undefined);
  const nginx =
    which('nginx') ?? (spawnSync('test', ['-x', '/usr/sbin/nginx']).status === 0 ? '/usr/sbin/nginx' : undefined);
  const brotli = hasBrotliModule();
  const missing = [
    ...(redis ? [] : ['redis-server']),
    ...(nginx ? [] : ['nginx']),
    ...(brotli ? [] : ['libnginx-mod-http-brotli-filter']),
  ];
  return { redis, nginx, brotli, missing };
}

const XKEY_VMODS = ['/usr/lib/x86_64-linux-gnu/varnish/vmods', '/usr/lib/aarch64-linux-gnu/varnish/vmods'];

/** Varnish (varnishd) and varnish-modules' xkey, for `STACK_CDN=varnish`: the program, and what is missing. */
export function findVarnish() {
  const varnishd =
    which('varnishd') ??
    (spawnSync('test', ['-x', '/usr/sbin/varnishd']).status === 0 ? '/usr/sbin/varnishd' : undefined);
  const xkey = XKEY_VMODS.some((dir) => existsSync(join(dir, 'libvmod_xkey.so')));
  const missing = [...(varnishd ? [] : ['varnish']), ...(xkey ? [] : ['varnish-modules'])];
  return { varnishd, missing };
}

export async function startRedis({ dir, port, log, program = 'redis-server' }) {
  const proc = supervised(
    'redis',
    program,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--maxmemory',
      '256mb',
      '--maxmemory-policy',
      'allkeys-lru',
    ],
    { cwd: dir },
    log,
    () => waitForPort(port),
  );
  await proc.start();
  return Object.assign(proc, { port, url: `redis://127.0.0.1:${port}` });
}

export async function startContentApi({ port, dir, log }) {
  const proc = supervised(
    'content-api',
    process.execPath,
    ['dist/server/upstream.js'],
    { cwd: root, env: { ...process.env, UPSTREAM_PORT: String(port), DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' } },
    log,
    () => waitForPort(port, 20_000),
  );
  await proc.start();
  return Object.assign(proc, { port, url: `http://127.0.0.1:${port}` });
}

/**
 * startBff on free ports, tried again on new ones when it never becomes ready: another process (a concurrent test's
 * stack) can take a port between freePort() and the replica's bind.
 */
async function startBffOnFreePorts(options, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startBff({ ...options, port: await freePort(), metricsPort: await freePort() });
    } catch (err) {
      if (attempt >= attempts) throw err;
      options.log(`bff-${options.index}`, `not ready (${err.message}); starting it on other ports`);
    }
  }
}

export async function startBff({ port, metricsPort, index, upstreamUrl, redisUrl, env = {}, log }) {
  const proc = supervised(
    `bff-${index}`,
    process.execPath,
    ['dist/server/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        // /metrics never on the public port: each replica's own loopback listener
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
        UPSTREAM_URL: upstreamUrl,
        ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        ...env,
      },
    },
    log,
    () => waitForOk(`http://127.0.0.1:${port}/readyz`, 20_000),
  );
  try {
    await proc.start();
  } catch (err) {
    // never ready (its port taken between freePort() and its bind, as a rule): stopped, not left restarting
    await proc.stop(2_000);
    throw err;
  }
  return Object.assign(proc, {
    port,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
  });
}

export async function startNginx({ dir, port, servers, log, program = 'nginx', failTimeout, behindVarnish }) {
  const nginxDir = join(dir, 'nginx');
  mkdirSync(join(nginxDir, 'temp'), { recursive: true });
  const conf = join(nginxDir, 'nginx.conf');
  const accessLog = join(nginxDir, 'access.log');
  const isRoot = process.getuid?.() === 0;
  const text = renderNginxConfig({
    brotliModule: hasBrotliModule() ? BROTLI_MODULE : undefined,
    workerProcesses: 1,
    pid: join(nginxDir, 'nginx.pid'),
    errorLog: join(nginxDir, 'error.log'),
    accessLog,
    tempDir: join(nginxDir, 'temp'),
    servers,
    failTimeout,
    listen: `127.0.0.1:${port}`,
    clientDir: join(root, 'dist', 'client'),
    behindVarnish,
  });
  // as root, nginx's workers would switch to `nobody`, who cannot write our temporary directory
  writeFileSync(conf, (isRoot ? 'user root;\n' : '') + text);
  const proc = supervised(
    'nginx',
    program,
    ['-p', nginxDir, '-c', conf, '-e', join(nginxDir, 'error.log'), '-g', 'daemon off;'],
    { cwd: nginxDir },
    log,
    () => waitForPort(port),
  );
  await proc.start();
  return Object.assign(proc, { port, url: `http://127.0.0.1:${port}`, conf, accessLog });
}

/** deploy/varnish/default.vcl.template with its fields filled. */
export function renderVarnishConfig({ backendHost, backendPort, purgers }) {
  const template = readFileSync(join(root, 'deploy', 'varnish', 'default.vcl.template'), 'utf8');
  const fields = {
    backend_host: backendHost,
    backend_port: String(backendPort),
    purgers: purgers.map((from) => `  "${from}";`).join('\n'),
    locale_cookie: LOCALE_COOKIE,
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key) => {
    if (!(key in fields)) throw new Error(`unknown field {{${key}}} in default.vcl.template`);
    return fields[key];
  });
}

/** Varnish on `port` in front of `backendPort` (nginx), its purges allowed from loopback (the replicas). */
export async function startVarnish({ dir, port, backendPort, log, program = 'varnishd' }) {
  const varnishDir = join(dir, 'varnish');
  mkdirSync(varnishDir, { recursive: true });
  const vcl = join(varnishDir, 'default.vcl');
  writeFileSync(vcl, renderVarnishConfig({ backendHost: '127.0.0.1', backendPort, purgers: ['127.0.0.1'] }));
  const proc = supervised(
    'varnish',
    program,
    [
      '-F',
      // no privilege separation (a temporary directory of this user) and no management port (stop: SIGTERM)
      '-j',
      'none',
      '-T',
      'none',
      '-n',
      join(varnishDir, 'work'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vcl,
      '-s',
      'malloc,256m',
      '-l',
      '8m',
    ],
    { cwd: varnishDir },
    log,
    () => waitForPort(port, 20_000),
  );
  await proc.start();
  return Object.assign(proc, { port, url: `http://127.0.0.1:${port}`, purgeUrl: `http://127.0.0.1:${port}/`, vcl });
}

/**
 * Start everything; stop() ends it all (Varnish and nginx first, then the replicas drain, then Redis and the content
 * API). Options: replicas, port (the front: Varnish with cdn 'varnish', else nginx; 0 = a free one), cdn, upstreamUrl
 * (else the content API is started), env (for the replicas), log(name, line). With Varnish, the replicas fan their
 * purges out to it (PURGE_TIER_URLS) unless env sets PURGE_TIER_URLS itself; nginx keeps nothing to purge. Their
 * PUBLIC_ORIGIN is the front's URL unless env sets it.
 */
export async function startStack(options = {}) {
  const programs = findPrograms();
  if (!programs.redis || !programs.nginx)
    throw new Error(`missing ${programs.missing.join(', ')}; install with: ${INSTALL_HINT}`);
  const varnish = options.cdn === 'varnish' ? findVarnish() : undefined;
  if (varnish && varnish.missing.length > 0)
    throw new Error(`missing ${varnish.missing.join(', ')}; install with: ${VARNISH_INSTALL_HINT}`);
  const log = options.log ?? ((name, line) => process.stdout.write(`[${name}] ${line}\n`));
  const dir = mkdtempSync(join(tmpdir(), 'glacier-stack-'));
  const started = [];
  const stop = async () => {
    for (const proc of started.reverse()) await proc.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redis = await startRedis({ dir, port: await freePort(), log, program: programs.redis });
    started.push(redis);
    let contentApi;
    if (!options.upstreamUrl) {
      contentApi = await startContentApi({ port: await freePort(), dir, log });
      started.push(contentApi);
    }
    const upstreamUrl = options.upstreamUrl ?? contentApi.url;
    // known before the replicas start: they are told where to fan purges out
    const frontPort = options.port || (await freePort());
    const nginxPort = varnish ? await freePort() : frontPort;
    // the one tier in front that keeps copies (nginx keeps none)
    const tiers = varnish ? `http://127.0.0.1:${frontPort}/` : '';
    const bffs = await Promise.all(
      Array.from({ length: Math.max(1, options.replicas ?? 1) }, async (_, index) =>
        startBffOnFreePorts({
          index,
          upstreamUrl,
          redisUrl: redis.url,
          // the front's URL is the site's origin, as an operator sets it: every replica and tier renders a page
          // for the same origin, so a page is one cache key (one render after a purge) whichever way it is read
          env: { PURGE_TIER_URLS: tiers, PUBLIC_ORIGIN: `http://127.0.0.1:${frontPort}`, ...options.env },
          log,
        }),
      ),
    );
    started.push(...bffs);
    const nginx = await startNginx({
      dir,
      port: nginxPort,
      servers: bffs.map((b) => `127.0.0.1:${b.port}`),
      log,
      program: programs.nginx,
      failTimeout: options.failTimeout,
      behindVarnish: !!varnish,
    });
    started.push(nginx);
    let cdn;
    if (varnish) {
      cdn = await startVarnish({ dir, port: frontPort, backendPort: nginxPort, log, program: varnish.varnishd });
      started.push(cdn);
    }
    return { url: (cdn ?? nginx).url, dir, redis, contentApi, upstreamUrl, bffs, nginx, cdn, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

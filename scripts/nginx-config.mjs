// Render deploy/nginx/nginx.conf.template. `node scripts/nginx-config.mjs` prints the docker-compose variant
// (deploy/nginx/nginx.conf), nginx facing visitors; with `--behind-varnish`, the same for nginx behind Varnish (it then
// passes the BFF's Surrogate-Key on). `npm run stack` and the stack tests render a loopback variant into a temporary
// directory.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so';

/** @param {import('./nginx-config.d.mts').NginxConfigOptions} o */
export function renderNginxConfig(o) {
  const template = readFileSync(join(root, 'deploy', 'nginx', 'nginx.conf.template'), 'utf8');
  const fields = {
    modules: o.brotliModule
      ? `load_module ${o.brotliModule};`
      : "# the distribution's dynamic modules (the brotli filter)\ninclude /etc/nginx/modules-enabled/*.conf;",
    worker_processes: String(o.workerProcesses ?? 'auto'),
    pid: o.pid,
    error_log: o.errorLog,
    access_log: o.accessLog,
    temp_paths: o.tempDir
      ? ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
          .map((kind) => `  ${kind}_temp_path ${join(o.tempDir, kind)};`)
          .join('\n')
      : '',
    servers: o.servers
      .map((server) => `    server ${server} max_fails=1 fail_timeout=${o.failTimeout ?? '10s'};`)
      .join('\n'),
    listen: o.listen,
    client_dir: o.clientDir,
    // the BFF's content keys (ADR 0090) are for a tier in front that purges by key; a visitor never sees them
    surrogate_key: o.behindVarnish
      ? '      # Surrogate-Key passed on: Varnish in front purges by it and hides it from visitors'
      : '      # Surrogate-Key is for a tier in front that purges by key (Varnish); nginx faces visitors here\n' +
        '      proxy_hide_header Surrogate-Key;',
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key) => {
    if (!(key in fields)) throw new Error(`unknown field {{${key}}} in nginx.conf.template`);
    return fields[key];
  });
}

/** The docker-compose variant: the `bff` service name resolves to every replica. */
export const composeNginxConfig = ({ behindVarnish = false } = {}) =>
  renderNginxConfig({
    behindVarnish,
    pid: '/run/nginx.pid',
    errorLog: '/dev/stderr',
    accessLog: '/dev/stdout',
    servers: ['bff:3000'],
    listen: '80',
    clientDir: '/srv/portal',
  });

export const hasBrotliModule = () => existsSync(BROTLI_MODULE);

if (process.argv[1] === fileURLToPath(import.meta.url))
  process.stdout.write(composeNginxConfig({ behindVarnish: process.argv.includes('--behind-varnish') }));

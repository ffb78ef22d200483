// Build the client (Vite) and the server (Vite SSR build of the server entries), then write dist/build.json.
// `--if-stale`: do nothing when dist/build.json was made from the current sources.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { reactRouterProduction } from './react-router-production.mjs';
import { buildIdOf, sourceHash } from './source-hash.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildFile = join(root, 'dist', 'build.json');
const hash = sourceHash(root);

if (process.argv.includes('--if-stale') && existsSync(buildFile)) {
  const previous = JSON.parse(readFileSync(buildFile, 'utf8'));
  if (previous.sourceHash === hash && existsSync(join(root, 'dist', 'server', 'main.js'))) {
    process.stdout.write(`build ${previous.id} is up to date\n`);
    process.exit(0);
  }
}

const quiet = { logLevel: 'warn' };
await build({ root, ...quiet });
// the service worker (client/sw/): one classic script, Workbox bundled in; the server writes its configuration (build
// id, first-load assets) in front of it when it serves /sw.js (server/routes/service-worker.ts, ADR 0093)
await build({
  root,
  ...quiet,
  configFile: false,
  publicDir: false,
  // Workbox logs only in development builds
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/sw',
    emptyOutDir: true,
    target: 'es2022',
    lib: { entry: 'client/sw/sw.ts', formats: ['iife'], name: 'portalServiceWorker', fileName: () => 'sw.js' },
  },
});
await build({
  root,
  ...quiet,
  configFile: false,
  publicDir: false,
  // the server renders with react-router's production build too: bundled (one copy, aliased) instead of imported
  // from node_modules, where Node would resolve its development build (ADR 0083)
  resolve: { alias: reactRouterProduction },
  ssr: { noExternal: ['react-router'] },
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    sourcemap: true,
    target: 'node22',
    rollupOptions: {
      input: { main: 'server/main.ts', upstream: 'content-api/main.ts', prerender: 'server/prerender-main.ts' },
      // react-router marks its modules "use client", a React Server Components directive that means nothing in this
      // bundle (no RSC): the bundler's note that it is dropped is not a problem to report
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /use client/.test(warning.message)) return;
        warn(warning);
      },
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});

// page payloads that need no upstream are made now (SPEC: prerendered payloads)
const prerender = spawnSync(process.execPath, ['dist/server/prerender.js'], { cwd: root, stdio: 'inherit' });
if (prerender.status !== 0) process.exit(prerender.status ?? 1);

// precompress once at build time (brotli 11 is fine here, never per request)
const assets = join(root, 'dist', 'client', 'assets');
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = join(assets, name);
  if (statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
}

// source maps are kept for debugging but never served: out of dist/client (ADR 0024)
rmSync(join(root, 'dist', 'sourcemaps'), { recursive: true, force: true });
mkdirSync(join(root, 'dist', 'sourcemaps'), { recursive: true });
for (const name of readdirSync(assets)) {
  if (name.endsWith('.map')) renameSync(join(assets, name), join(root, 'dist', 'sourcemaps', name));
}

// one id per commit (not per build): replicas built apart from the same sources agree on it
const info = { id: buildIdOf(hash), timestamp: Date.now(), sourceHash: hash };
writeFileSync(buildFile, JSON.stringify(info, null, 2) + '\n');
process.stdout.write(`built ${info.id}\n`);

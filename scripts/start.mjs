// `npm start`: build when dist/ is missing or stale, then run the compiled server (never TypeScript through a loader).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// React's production mode (and nothing else keys on NODE_ENV)
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');

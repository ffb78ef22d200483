// `npm start`: build when dist/ is missing or stale, then run the compiled server (never TypeScript through a loader)
// in a Node started with what bounds the memory that is not the caches (ADR 0118): a young generation of at most two
// 8 MiB semi-spaces, at most two glibc malloc arenas (the image pipeline's and compression's threads would keep one
// each), and glibc's mmap threshold held at 32 KiB (left dynamic, it rises to 32 MiB, and then compression's and
// libvips's large buffers come from arenas that keep them; at 32 KiB a freed page body goes back as well). The environment is read by glibc when a process starts,
// so the server is a new program: this process is
// replaced by it (same pid, signals and exit code are its own); on a Node without process.execve (< 22.15) it is a
// child that is told SIGTERM and SIGHUP (a terminal's Ctrl-C reaches it directly) and whose exit code is passed on.
// The Dockerfile starts the server with the same flags and environment.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

const root = fileURLToPath(new URL('..', import.meta.url));
const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
// React's production mode (and nothing else keys on NODE_ENV); an operator's own values win
const env = { ...SERVER_ENV, NODE_ENV: 'production', ...process.env };
const args = [...SERVER_NODE_FLAGS, 'dist/server/main.js'];
process.chdir(root);
if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...args], env);
else {
  const server = spawn(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

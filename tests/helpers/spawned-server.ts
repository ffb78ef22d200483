import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { freePort } from '../../scripts/stack-lib.mjs';
import { paths } from '../../server/paths.ts';

export interface SpawnedServer {
  origin: string;
  process: ChildProcessByStdio<null, Readable, Readable>;
  /** everything it printed so far (stdout and stderr) */
  logs(): string;
  /** called with each complete line it prints on stdout from now on */
  onLine(listener: (line: string) => void): void;
  /** resolves with its exit code once it has exited and its output has been read to the end */
  exited: Promise<number | null>;
}

/** How often a start is tried again on new ports when its port was taken before it could bind it. */
const START_ATTEMPTS = 3;

/**
 * The site as `npm start` runs it (the compiled `dist/server/main.js`; with `npmStart`, through scripts/start.mjs
 * itself, its Node flags and environment, building first when dist/ is stale), or as `npm run dev` does (`dev`), on a free
 * port with only the given environment; in a process group of its own, killed with its children when the test ends.
 * Ready once it says it listens on its port (LOG_LEVEL info or finer): a poll of the port alone could be answered by
 * another test's server that took the port between `freePort()` and the child's bind. A start whose port was taken
 * (EADDRINUSE in its output) is stopped and made again on new ports; any other exit before it listens fails with its
 * output.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { dev?: boolean; npmStart?: boolean } = {},
): Promise<SpawnedServer> {
  let started = await startOnce(env, options);
  for (let attempt = 1; !started.server && started.portTaken && attempt < START_ATTEMPTS; attempt++)
    started = await startOnce(env, options);
  if (!started.server) throw new Error(`the server exited with ${started.code} before it listened:\n${started.output}`);
  return started.server;
}

async function startOnce(
  env: Record<string, string>,
  options: { dev?: boolean; npmStart?: boolean },
): Promise<{ server?: SpawnedServer; portTaken: boolean; output: string; code?: number | null }> {
  const port = await freePort();
  const command = options.dev
    ? [join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts', '--dev']
    : options.npmStart
      ? ['scripts/start.mjs']
      : ['dist/server/main.js'];
  const child = spawn(process.execPath, command, {
    cwd: paths().root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: options.dev ? 'development' : 'production',
      PORT: String(port),
      // dev listens for /metrics on 9464 unless told otherwise: a free port, so two runs never collide
      ...(options.dev ? { METRICS_PORT: String(await freePort()) } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  killGroupWhenTestEnds(child);
  let out = '';
  let rest = '';
  const listeners: Array<(line: string) => void> = [];
  const origin = `http://127.0.0.1:${port}`;
  const listening = new Promise<void>((resolve) =>
    listeners.push((line) => line.includes(`listening on ${origin}"`) && resolve()),
  );
  // a start that cannot bind says so on its output: the line is enough
  let onPortTaken = (): void => {};
  const portTaken = new Promise<void>((resolve) => (onPortTaken = resolve));
  const record = (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('EADDRINUSE')) onPortTaken();
  };
  child.stdout.on('data', (chunk: Buffer) => {
    record(chunk);
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) for (const listener of listeners) listener(line);
  });
  child.stderr.on('data', record);
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const outcome = await Promise.race([
    listening.then(() => 'listening' as const),
    portTaken.then(() => 'port taken' as const),
    exited.then(() => 'exited' as const),
    new Promise<never>((_resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no "listening on ${origin}" line within 40 s:\n${out}`)),
        40_000,
      );
      void Promise.race([listening, portTaken, exited]).then(() => clearTimeout(timer));
    }),
  ]);
  // a start that lost its port is stopped with everything it started before the next one begins
  if (outcome === 'port taken') stopGroup(child);
  return outcome === 'listening'
    ? {
        portTaken: false,
        output: out,
        server: {
          origin,
          process: child,
          logs: () => out,
          onLine: (listener) => void listeners.push(listener),
          exited,
        },
      }
    : { portTaken: outcome === 'port taken', output: out, code: outcome === 'exited' ? await exited : undefined };
}

/** SIGKILL to a child started with `detached: true` and its process group (a no-op once it is gone). */
function stopGroup(child: { pid?: number }): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** Kill a child started with `detached: true` and everything it started (its process group) when the test ends. */
export function killGroupWhenTestEnds(child: { pid?: number }): void {
  onTestFinished(() => stopGroup(child));
}

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { onTestFinished } from 'vitest';
import { freePort, waitForOk } from '../../scripts/stack-lib.mjs';
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

/**
 * The site as `npm start` runs it (the compiled `dist/server/main.js`), or as `npm run dev` does (`dev`), on a free
 * port with only the given environment; in a process group of its own, killed with its workers when the test ends.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { dev?: boolean } = {},
): Promise<SpawnedServer> {
  const port = await freePort();
  const command = options.dev
    ? [join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts', '--dev']
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
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) for (const listener of listeners) listener(line);
  });
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/healthz`, 40_000);
  return { origin, process: child, logs: () => out, onLine: (listener) => void listeners.push(listener), exited };
}

/** Kill a child started with `detached: true` and everything it started (its process group) when the test ends. */
export function killGroupWhenTestEnds(child: { pid?: number }): void {
  onTestFinished(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone: the test stopped it
    }
  });
}

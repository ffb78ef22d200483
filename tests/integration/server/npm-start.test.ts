import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';
import { spawnServer, type SpawnedServer } from '../../helpers/spawned-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The process that says it listens (pino's `pid` of that line): the server, whoever started it. */
function listeningProcess(server: SpawnedServer) {
  const line = server
    .logs()
    .split('\n')
    .find((l) => l.includes(`listening on ${server.origin}"`));
  const { pid } = JSON.parse(line!) as { pid: number };
  return {
    pid,
    argv: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean),
    env: Object.fromEntries(
      readFileSync(`/proc/${pid}/environ`, 'utf8')
        .split('\0')
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
    ),
  };
}

describe('npm start (scripts/start.mjs)', () => {
  it('runs the compiled server in a Node started with the bounds of memory outside the caches, as the Docker image does (ADR 0118)', async () => {
    const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, { npmStart: true });
    const serving = listeningProcess(server);
    expect(serving.argv.slice(1)).toEqual(['--max-semi-space-size=8', 'dist/server/main.js']);
    expect(serving.env.MALLOC_ARENA_MAX).toBe('2');
    expect(serving.env.MALLOC_MMAP_THRESHOLD_).toBe('32768');
    expect(serving.env.NODE_ENV).toBe('production');
    expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    // the Docker image starts the same: its Node flags and malloc environment
    const dockerfile = readFileSync(join(paths().root, 'Dockerfile'), 'utf8');
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('FROM '));
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]!) as string[];
    expect(cmd).toEqual(['node', ...serving.argv.slice(1)]);
    const env = /^ENV (.*)$/m.exec(runtime)![1]!;
    for (const name of ['MALLOC_ARENA_MAX', 'MALLOC_MMAP_THRESHOLD_'])
      expect(env.split(' '), name).toContain(`${name}=${serving.env[name]}`);
    // Ctrl-C to what `npm start` started stops the server, which drains and exits 0
    process.kill(server.process.pid!, 'SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain('"signal":"SIGINT"');
  });

  it("keeps an operator's own MALLOC_ARENA_MAX", async () => {
    const server = await spawnServer(
      { DATA_DIR: dataDir, LOG_LEVEL: 'info', MALLOC_ARENA_MAX: '4' },
      { npmStart: true },
    );
    expect(listeningProcess(server).env.MALLOC_ARENA_MAX).toBe('4');
  });
});

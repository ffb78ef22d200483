import { execFileSync, spawn } from 'node:child_process';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort, waitForOk } from '../../../scripts/stack-lib.mjs';
import { paths } from '../../../server/paths.ts';
import { sharedContentApi } from '../../helpers/app.ts';

const childrenOf = (pid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  } catch {
    return [];
  }
};

describe('WORKERS=2: the compiled server as a node:cluster primary', () => {
  it('serves on one port from two workers, replaces a crashed worker, and drains all on SIGTERM', async () => {
    const port = await freePort();
    const primary = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: paths().root,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        WORKERS: '2',
        LOG_LEVEL: 'warn',
        UPSTREAM_URL: (await sharedContentApi()).url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group, so a failed test can take the primary and its workers down with it
      detached: true,
    });
    onTestFinished(() => {
      try {
        process.kill(-primary.pid!, 'SIGKILL');
      } catch {
        // already gone: the test drained it
      }
    });
    let out = '';
    primary.stdout.on('data', (c: Buffer) => (out += c.toString()));
    primary.stderr.on('data', (c: Buffer) => (out += c.toString()));
    // 'close': the process has exited and its output has been read to the end
    const exited = new Promise<number | null>((resolve) => primary.on('close', (code) => resolve(code)));
    const origin = `http://127.0.0.1:${port}`;
    await waitForOk(`${origin}/healthz`, 40_000);
    // the primary's children: the two workers (the embedded content API runs inside the primary)
    await expect.poll(() => childrenOf(primary.pid!).length, { timeout: 15_000 }).toBe(2);
    const [victim, survivor] = childrenOf(primary.pid!) as [number, number];
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => childrenOf(primary.pid!).filter((pid) => pid !== victim).length, { timeout: 15_000 })
      .toBe(2);
    expect(childrenOf(primary.pid!)).toContain(survivor);
    // the line may reach the pipe after the replacement has been forked
    await expect.poll(() => out, { timeout: 15_000 }).toContain('worker exited; starting a replacement');
    await waitForOk(`${origin}/news`, 15_000);
    const workers = childrenOf(primary.pid!);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shutting down');
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    // three process starts on two shared cores
  }, 60_000);
});

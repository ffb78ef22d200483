import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { waitForOk } from '../../../scripts/stack-lib.mjs';
import { sharedContentApi } from '../../helpers/app.ts';
import { spawnServer } from '../../helpers/spawned-server.ts';

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
  it('supervises its two workers on one port from start to SIGTERM', async () => {
    const server = await spawnServer({ WORKERS: '2', LOG_LEVEL: 'info', UPSTREAM_URL: (await sharedContentApi()).url });
    const primary = server.process;
    const { origin, exited } = server;
    // the primary's children: the two workers (the embedded content API runs inside the primary)
    await expect.poll(() => childrenOf(primary.pid!).length, { timeout: 15_000 }).toBe(2);
    const [victim, survivor] = childrenOf(primary.pid!) as [number, number];
    process.kill(victim, 'SIGKILL');
    await expect
      .poll(() => childrenOf(primary.pid!).filter((pid) => pid !== victim).length, { timeout: 15_000 })
      .toBe(2);
    expect(childrenOf(primary.pid!)).toContain(survivor);
    // the line may reach the pipe after the replacement has been forked
    await expect.poll(() => server.logs(), { timeout: 15_000 }).toContain('worker exited; starting a replacement');
    await waitForOk(`${origin}/news`, 15_000);
    const workers = childrenOf(primary.pid!);
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.logs()).toContain('shutting down');
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    // three process starts on two shared cores
  }, 60_000);
});

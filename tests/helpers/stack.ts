import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import {
  findPrograms,
  findVarnish,
  freePort,
  INSTALL_HINT,
  startRedis,
  VARNISH_INSTALL_HINT,
  type Supervised,
} from '../../scripts/stack-lib.mjs';

/**
 * Whether the stack's Debian programs (redis-server, nginx) are here. Missing ones skip the stack tests, unless
 * REQUIRE_STACK=1 (CI), where they fail the run.
 */
export function stackAvailable(): boolean {
  const { missing } = findPrograms();
  const needed = missing.filter((name) => name !== 'libnginx-mod-http-brotli-filter');
  if (needed.length === 0) return true;
  if (process.env.REQUIRE_STACK === '1')
    throw new Error(`REQUIRE_STACK=1 but ${needed.join(', ')} missing; install with: ${INSTALL_HINT}`);
  return false;
}

/** Whether Varnish and its xkey vmod are here too (the CDN tier's tests); REQUIRE_STACK=1 fails without them. */
export function varnishAvailable(): boolean {
  const { missing } = findVarnish();
  if (missing.length === 0) return true;
  if (process.env.REQUIRE_STACK === '1')
    throw new Error(`REQUIRE_STACK=1 but ${missing.join(', ')} missing; install with: ${VARNISH_INSTALL_HINT}`);
  return false;
}

/** A real redis-server on a free loopback port, stopped when the test that started it ends. */
export async function startTestRedis(): Promise<Supervised & { url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'glacier-redis-'));
  const redis = await startRedis({ dir, port: await freePort(), log: () => {} });
  onTestFinished(async () => {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  return redis;
}

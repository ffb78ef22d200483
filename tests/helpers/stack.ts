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
 * Whether programs are here: false when some are missing, unless REQUIRE_STACK=1 (CI), where a missing one fails the
 * run with the command that installs it.
 */
function present(missing: readonly string[], installHint: string): boolean {
  if (missing.length > 0 && process.env.REQUIRE_STACK === '1')
    throw new Error(`REQUIRE_STACK=1 but ${missing.join(', ')} missing; install with: ${installHint}`);
  return missing.length === 0;
}

/** Whether the stack's Debian programs (redis-server, nginx) are here; missing ones skip the stack tests. */
export const stackAvailable = (): boolean =>
  present(
    findPrograms().missing.filter((name) => name !== 'libnginx-mod-http-brotli-filter'),
    INSTALL_HINT,
  );

/** Whether Varnish and its xkey vmod are here too (the CDN tier's tests). */
export const varnishAvailable = (): boolean => present(findVarnish().missing, VARNISH_INSTALL_HINT);

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

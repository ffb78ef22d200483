import type { FastifyBaseLogger } from 'fastify';
import { request } from 'undici';
import { z } from 'zod';

/** What the BFF's purge webhook answers (server/routes/purge.ts). */
const PurgeAnswer = z.object({ purged: z.object({ l1: z.number(), l2: z.number() }), processes: z.number() });

/** How long the editor's loop waits for the BFF to confirm a purge. */
const PURGE_TIMEOUT_MS = 10_000;

/**
 * The editor's loop: after the embedded content API reloaded an edited file, ask the BFF (`POST /__purge`) to drop
 * what was built from it. A failure is logged (the change then shows when the caches expire), never thrown.
 */
export async function purgeBff(
  bffUrl: string,
  token: string,
  keys: readonly string[],
  log: FastifyBaseLogger,
): Promise<void> {
  if (keys.length === 0) return;
  try {
    const res = await request(`${bffUrl}/__purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keys }),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    const answer = PurgeAnswer.safeParse(await res.body.json().catch(() => undefined));
    if (res.statusCode !== 200 || !answer.success) {
      log.warn({ status: res.statusCode, keys }, 'content changed but the site was not purged');
      return;
    }
    log.info({ keys, purged: answer.data.purged }, 'content changed; the site is purged');
  } catch (err) {
    log.warn({ err, keys }, 'content changed but the site was not purged');
  }
}

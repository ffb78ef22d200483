import { request } from 'undici';
import { inSpan } from '../tracing/spans.ts';

/**
 * The caches in front of the BFF that keep copies (PURGE_TIER_URLS): Varnish, a CDN's purge endpoint. Each is told
 * a purge as Varnish's xkey convention has it: `PURGE <url>` with the keys, space-separated, in `xkey` (drop) or
 * `xkey-softpurge` (mark stale); a 2xx confirms it, and `Xkey-Objects`, when sent, says how many objects it touched.
 * A path is the key `path:<pathname>`, as the BFF tags a page and its payload.
 */

/** What one tier answered. */
export interface TierResult {
  /** the tier's URL */
  tier: string;
  /** whether it confirmed (a 2xx to every request) */
  ok: boolean;
  /** objects it purged, when it says (Varnish: Xkey-Objects) */
  objects?: number;
  /** from the first request to the last answer */
  ms: number;
  /** why it did not confirm: its status, or the network error */
  error?: string;
}

/** Longest `xkey` header sent in one request: more keys go in further requests (Varnish's header limit is 8 KiB). */
export const TIER_HEADER_MAX_CHARS = 4000;

/** Keys in requests of at most TIER_HEADER_MAX_CHARS each (a longer key goes alone). */
export function keyBatches(keys: readonly string[]): string[] {
  const batches: string[] = [];
  let current = '';
  for (const key of keys) {
    if (current && current.length + 1 + key.length > TIER_HEADER_MAX_CHARS) {
      batches.push(current);
      current = '';
    }
    current = current ? `${current} ${key}` : key;
  }
  if (current) batches.push(current);
  return batches;
}

const describe = (err: unknown) => {
  if (err instanceof Error) {
    const code = 'code' in err && typeof err.code === 'string' ? err.code : undefined;
    return code ?? err.message;
  }
  return String(err);
};

async function purgeTier(
  tier: string,
  batches: readonly string[],
  soft: boolean,
  timeoutMs: number,
): Promise<TierResult> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  let objects: number | undefined;
  try {
    for (const keys of batches) {
      const res = await request(tier, {
        method: 'PURGE',
        headers: { [soft ? 'xkey-softpurge' : 'xkey']: keys },
        signal,
      });
      await res.body.dump();
      if (res.statusCode < 200 || res.statusCode > 299) throw new Error(`answered ${res.statusCode}`);
      const count = Number(res.headers['xkey-objects']);
      if (Number.isInteger(count)) objects = (objects ?? 0) + count;
    }
    return { tier, ok: true, ...(objects === undefined ? {} : { objects }), ms: elapsed(started) };
  } catch (err) {
    const error = signal.aborted ? `no answer within ${timeoutMs} ms` : describe(err);
    return { tier, ok: false, ms: elapsed(started), error };
  }
}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

/**
 * Purge `keys` in every tier, one after the other in the order configured (innermost first: a tier is purged only
 * once the ones behind it are, so it cannot fill again from a copy about to go). A tier that fails or does not answer
 * within the timeout is reported and skipped; the next ones are purged all the same. Connections are undici's global
 * pool's, kept between purges.
 */
export const purgeTiers = (
  tiers: readonly string[],
  timeoutMs: number,
  order: { keys: readonly string[]; soft: boolean },
) =>
  inSpan('purge tiers', { 'app.purge.tiers': tiers.length }, async () => {
    const batches = keyBatches(order.keys);
    const results: TierResult[] = [];
    for (const tier of tiers) results.push(await purgeTier(tier, batches, order.soft, timeoutMs));
    return results;
  });

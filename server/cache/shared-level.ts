import type { FastifyBaseLogger as Logger } from 'fastify';
import { fromL2Record, lifetimesFrom, type Entry, type Lifetimes } from './entry.ts';
import type { SharedStore } from './redis.ts';
import type { Loaded } from './two-level.ts';

export interface SharedLevelOptions<V> extends Lifetimes {
  /** the cache's name: first part of every key, and what a Redis warning names */
  name: string;
  store: SharedStore;
  serialize: (value: V) => unknown;
  deserialize?: (raw: unknown) => V | undefined;
  /** counts lookups skipped while Redis is backed off */
  stats: { bypass: number };
  log?: Logger;
  now: () => number;
}

/** After a Redis error, Redis is skipped for this long, so a slow Redis costs one timeout, not one per call. */
const BACKOFF_MS = 1000;

/**
 * A cache's view of Redis: its keys under `{name}:`, its values as JSON, and a back-off: a Redis error is logged
 * once, and Redis is skipped for BACKOFF_MS, so every call goes on with memory and the origin.
 */
export function createSharedLevel<V>(options: SharedLevelOptions<V>) {
  const { store, now } = options;
  const prefix = `${options.name}:`;
  let skipUntil = 0;

  function failed(err: unknown, op: string) {
    const t = now();
    if (t >= skipUntil)
      options.log?.warn({ err, cache: options.name, op }, 'redis call failed; using memory and origin');
    skipUntil = t + BACKOFF_MS;
  }
  const usable = () => {
    if (now() >= skipUntil) return true;
    options.stats.bypass += 1;
    return false;
  };

  return {
    /**
     * The record of key as an entry (when `readFirst`; a refresh reads only the generation) and the purge generation
     * at the read, what a later write is checked against: unset when Redis was skipped or failed. Never throws.
     */
    async read(key: string, readFirst: boolean): Promise<{ found?: Entry<V>; generation?: string }> {
      if (!usable()) return {};
      try {
        const { entry, generation } = await store.read(prefix + key);
        const found = readFirst && entry ? fromL2Record(entry, options, options.deserialize, now()) : undefined;
        return { found, generation };
      } catch (err) {
        failed(err, 'read');
        return {};
      }
    },
    /**
     * Store a loaded value, indexed under its tags, only when no purge moved Redis's generation since `generation` was
     * read: false when one did. A failed write is reported and resolves true (no purge is known).
     */
    async write(key: string, loaded: Loaded<V>, storedAt: number, generation: string): Promise<boolean> {
      if (now() < skipUntil) return true;
      const record = {
        value: JSON.stringify(options.serialize(loaded.value)),
        size: loaded.size,
        tags: loaded.tags,
        storedAt,
      };
      const ttlMs = lifetimesFrom(storedAt, options).staleUntil - storedAt;
      return store.write(prefix + key, record, ttlMs, generation).catch((err: unknown) => {
        failed(err, 'write');
        return true;
      });
    },
    async tag(keys: readonly string[], tags: readonly string[]) {
      if (usable())
        await store
          .tag(
            keys.map((key) => prefix + key),
            tags,
          )
          .catch((err: unknown) => failed(err, 'tag'));
    },
    async drop(keys: readonly string[]) {
      if (usable()) await store.drop(keys.map((key) => prefix + key)).catch((err: unknown) => failed(err, 'drop'));
    },
  };
}

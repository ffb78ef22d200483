import type { FastifyBaseLogger as Logger } from 'fastify';
import { fromL2Record, lifetimesFrom, type Entry, type Lifetimes } from './entry.ts';
import type { SharedStore } from './redis.ts';

export interface SharedLevelOptions<V> extends Lifetimes {
  /** the cache's name: first part of every key, and what a Redis warning names */
  name: string;
  /** second part of every key when set, so one namespace never reads another's entries */
  namespace?: string;
  store: SharedStore;
  /** after a Redis error, skip Redis for this long so a slow Redis costs one timeout, not one per call */
  backoffMs: number;
  serialize: (value: V) => unknown;
  deserialize?: (raw: unknown) => V | undefined;
  /** counts lookups skipped while Redis is backed off */
  stats: { bypass: number };
  log?: Logger;
  now: () => number;
}

/** What a fill read of Redis: the record as an entry (when asked for) and the purge generation at the read. */
export interface SharedRead<V> {
  found?: Entry<V>;
  /** what a later write is checked against; unset when Redis was skipped or failed (then nothing is written) */
  generation?: string;
}

export interface SharedLevel<V> {
  /** The record of key (when `readFirst`; a refresh reads only the generation). Never throws. */
  read(key: string, readFirst: boolean): Promise<SharedRead<V>>;
  /**
   * Store a loaded value, indexed under its tags, only when no purge moved Redis's generation since `generation` was
   * read: false when one did. A failed write is reported and resolves true (no purge is known).
   */
  write(
    key: string,
    loaded: { value: V; size: number; tags: readonly string[] },
    storedAt: number,
    generation: string,
  ): Promise<boolean>;
  tag(keys: readonly string[], tags: readonly string[]): Promise<void>;
  drop(keys: readonly string[]): Promise<void>;
}

/**
 * A cache's view of Redis: its keys under `{name}:{namespace}:`, its values as JSON, and a back-off: a Redis error is
 * logged once, and Redis is skipped for `backoffMs`, so every call goes on with memory and the origin.
 */
export function createSharedLevel<V>(options: SharedLevelOptions<V>): SharedLevel<V> {
  const { store, now } = options;
  const prefix = `${options.name}:${options.namespace ? `${options.namespace}:` : ''}`;
  let skipUntil = 0;

  function failed(err: unknown, op: string) {
    const t = now();
    if (t >= skipUntil)
      options.log?.warn({ err, cache: options.name, op }, 'redis call failed; using memory and origin');
    skipUntil = t + options.backoffMs;
  }
  const usable = () => {
    if (now() >= skipUntil) return true;
    options.stats.bypass += 1;
    return false;
  };

  return {
    async read(key, readFirst) {
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
    async write(key, loaded, storedAt, generation) {
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
    async tag(keys, tags) {
      if (usable())
        await store
          .tag(
            keys.map((key) => prefix + key),
            tags,
          )
          .catch((err: unknown) => failed(err, 'tag'));
    },
    async drop(keys) {
      if (usable()) await store.drop(keys.map((key) => prefix + key)).catch((err: unknown) => failed(err, 'drop'));
    },
  };
}

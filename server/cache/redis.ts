import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis } from 'ioredis';

/** What the two-level cache needs of its shared level (L2). Every call may throw; callers fall back to L1 + origin. */
export interface SharedStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** SET key token PX ttl NX: a token when this caller holds the lock, null when another does. */
  lock(key: string, ttlMs: number): Promise<string | null>;
  /** Release a lock only when this caller still holds it (compare-and-delete). */
  unlock(key: string, token: string): Promise<void>;
  /** Whether a lock is held by anyone. */
  locked(key: string): Promise<boolean>;
  /** Resolves once connected, or after the connect bound when Redis is not there (then L2 is skipped until it is). */
  readonly ready: Promise<void>;
  /** Redis errors by command since start. */
  readonly errors: ReadonlyMap<string, number>;
  close(): Promise<void>;
}

export interface RedisStoreOptions {
  url: string;
  /** Bound of one command; a slower Redis counts as down for that call. */
  commandTimeoutMs: number;
  log: Logger;
  /** Key prefix of everything this store writes. */
  prefix?: string;
}

const UNLOCK_SCRIPT =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * ioredis with the offline queue off and a per-command timeout: while Redis is down or slow, commands fail at once
 * (or after `commandTimeoutMs`) instead of queueing, so a page never waits on Redis for longer than that bound.
 * It reconnects in the background; connection errors are logged once per outage, not per command.
 */
export function createRedisStore(options: RedisStoreOptions): SharedStore {
  const prefix = options.prefix ?? 'glacier:';
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(options.commandTimeoutMs * 4, 1000),
    maxRetriesPerRequest: 0,
    keyPrefix: prefix,
    // keep trying in the background, at most every 2 s
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
  const errors = new Map<string, number>();
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    options.log.warn({ err, redis: options.url.replace(/\/\/[^@]*@/, '//') }, 'redis unavailable; serving from memory');
  });
  redis.on('ready', () => {
    if (down) options.log.info('redis reachable again');
    down = false;
  });

  const ready = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(options.commandTimeoutMs * 4, 1000));
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });

  async function run<T>(op: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      errors.set(op, (errors.get(op) ?? 0) + 1);
      throw err;
    }
  }

  return {
    get: (key) => run('get', async () => (await redis.get(key)) ?? undefined),
    set: (key, value, ttlMs) =>
      run('set', async () => {
        await redis.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
      }),
    lock: (key, ttlMs) =>
      run('lock', async () => {
        const token = randomUUID();
        const ok = await redis.set(`lock:${key}`, token, 'PX', Math.max(1, Math.round(ttlMs)), 'NX');
        return ok === 'OK' ? token : null;
      }),
    unlock: (key, token) =>
      run('unlock', async () => {
        await redis.eval(UNLOCK_SCRIPT, 1, `lock:${key}`, token);
      }),
    locked: (key) => run('exists', async () => (await redis.exists(`lock:${key}`)) === 1),
    ready,
    errors,
    close: async () => {
      redis.disconnect();
    },
  };
}

import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { safeJson } from '../../shared/json.ts';
import { endSpan, SpanKind, startSpan } from '../tracing/spans.ts';

/** An L2 record: the serialized value with what the two-level cache needs to judge it. */
export interface L2Entry {
  /** JSON of the serialized value */
  value: string;
  size: number;
  /** surrogate keys: the entry is a member of each tag's index set */
  tags: readonly string[];
  /** epoch ms */
  storedAt: number;
  /** epoch ms of a soft purge: stale from then on */
  purgedAt?: number;
}

/** What the two-level cache needs of its shared level (L2). Every call may throw; callers fall back to L1 + origin. */
export interface SharedStore {
  /** The record under key, and the purge generation at the time of the read (what a later write is checked against). */
  read(key: string): Promise<{ entry: L2Entry | undefined; generation: string }>;
  /**
   * Store a record and index it under its tags, only when no purge happened since `generation` was read; false when
   * one did (the record is not stored).
   */
  write(key: string, entry: L2Entry, ttlMs: number, generation: string): Promise<boolean>;
  /** Add tags to stored records (their index sets). */
  tag(keys: readonly string[], tags: readonly string[]): Promise<void>;
  /** Delete records (their index sets forget them when they are purged or expire). */
  drop(keys: readonly string[]): Promise<void>;
  /**
   * Drop (or, soft, mark stale) every record indexed under one of `tags`, and bump the purge generation. Resolves to
   * the keys of the records it dropped or marked.
   */
  purge(tags: readonly string[], soft: boolean): Promise<string[]>;
  /** Publish on a channel of this store's prefix; resolves to the number of subscribers that received it. */
  publish(channel: string, message: string): Promise<number>;
  /** Subscribe (on a connection of its own) to a channel of this store's prefix; resolves once subscribed. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>;
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
}

/** KEYS: record, generation, tag sets…; ARGV: expected generation, ttl ms, meta JSON, value. */
const WRITE_SCRIPT = `
if (redis.call('get', KEYS[2]) or '0') ~= ARGV[1] then return 0 end
local ttl = tonumber(ARGV[2])
redis.call('del', KEYS[1])
redis.call('hset', KEYS[1], 'm', ARGV[3], 'v', ARGV[4])
redis.call('pexpire', KEYS[1], ttl)
for i = 3, #KEYS do
  redis.call('sadd', KEYS[i], KEYS[1])
  if redis.call('pttl', KEYS[i]) < ttl then redis.call('pexpire', KEYS[i], ttl) end
end
return 1`;

/** KEYS: tag sets…; ARGV: record keys…; extends each set's life to the longest of its records'. */
const TAG_SCRIPT = `
for i = 1, #KEYS do
  for j = 1, #ARGV do
    local ttl = redis.call('pttl', ARGV[j])
    if ttl > 0 then
      redis.call('sadd', KEYS[i], ARGV[j])
      if redis.call('pttl', KEYS[i]) < ttl then redis.call('pexpire', KEYS[i], ttl) end
    end
  end
end
return 1`;

/** KEYS: generation, tag sets…; ARGV: '1' for soft, now (ms). Returns the records dropped or marked. */
const PURGE_SCRIPT = `
local soft = ARGV[1] == '1'
local done = {}
local out = {}
for i = 2, #KEYS do
  for _, m in ipairs(redis.call('smembers', KEYS[i])) do
    if not done[m] then
      done[m] = true
      if soft then
        if redis.call('exists', m) == 1 then
          redis.call('hset', m, 'p', ARGV[2])
          out[#out + 1] = m
        end
      elseif redis.call('del', m) == 1 then
        out[#out + 1] = m
      end
    end
  end
  if not soft then redis.call('del', KEYS[i]) end
end
redis.call('incr', KEYS[1])
return out`;

/** A record's `m` field: size, stored at, tags. */
const Meta = z.object({ s: z.number(), t: z.number(), g: z.array(z.string()) });
type Meta = z.infer<typeof Meta>;

/** The key of a tag's index set. */
const tagKey = (tag: string) => `tag:${tag}`;
const GENERATION_KEY = 'purge:generation';

/**
 * ioredis with the offline queue off and a per-command timeout: while Redis is down or slow, commands fail at once
 * (or after `commandTimeoutMs`) instead of queueing, so a page never waits on Redis for longer than that bound.
 * It reconnects in the background; connection errors are logged once per outage, not per command. Records are
 * hashes (`m` meta, `v` value, `p` purged at); each tag has a set of the records carrying it (`tag:{tag}`), which
 * lives as long as its longest-lived record; `purge:generation` counts purges.
 */
export function createRedisStore(options: RedisStoreOptions): SharedStore {
  // the key prefix of everything this store writes
  const prefix = 'glacier:';
  const connectBoundMs = Math.max(options.commandTimeoutMs * 4, 1000);
  const { redis, ready } = connect(options, prefix, connectBoundMs);
  let subscriber: Redis | undefined;
  const errors = new Map<string, number>();

  async function run<T>(op: string, call: () => Promise<T>): Promise<T> {
    // a client span within the request's trace, when there is one
    const span = startSpan(`redis ${op}`, { 'db.system.name': 'redis', 'db.operation.name': op }, SpanKind.CLIENT);
    try {
      const result = await call();
      endSpan(span);
      return result;
    } catch (err) {
      errors.set(op, (errors.get(op) ?? 0) + 1);
      endSpan(span, err);
      throw err;
    }
  }

  const ms = (n: number) => Math.max(1, Math.round(n));

  return {
    read: (key) =>
      run('read', async () => {
        const replies = await redis.pipeline().hmget(key, 'm', 'v', 'p').get(GENERATION_KEY).exec();
        if (!replies) throw new Error('redis pipeline answered nothing');
        const [fields, generation] = replies;
        if (fields?.[0]) throw fields[0];
        if (generation?.[0]) throw generation[0];
        const [m, v, p] = Array.isArray(fields?.[1]) ? fields[1].map((x) => (typeof x === 'string' ? x : null)) : [];
        const meta = m ? Meta.safeParse(safeJson(m)).data : undefined;
        const entry =
          meta && typeof v === 'string'
            ? {
                value: v,
                size: meta.s,
                tags: meta.g,
                storedAt: meta.t,
                purgedAt: typeof p === 'string' ? Number(p) : undefined,
              }
            : undefined;
        return { entry, generation: typeof generation?.[1] === 'string' ? generation[1] : '0' };
      }),
    write: (key, entry, ttlMs, generation) =>
      run('write', async () => {
        const meta: Meta = { s: entry.size, t: entry.storedAt, g: [...entry.tags] };
        const keys = [key, GENERATION_KEY, ...entry.tags.map(tagKey)];
        const kept = await redis.eval(
          WRITE_SCRIPT,
          keys.length,
          ...keys,
          generation,
          String(ms(ttlMs)),
          JSON.stringify(meta),
          entry.value,
        );
        return kept === 1;
      }),
    tag: (keys, tags) =>
      run('tag', async () => {
        if (keys.length === 0 || tags.length === 0) return;
        const sets = tags.map(tagKey);
        await redis.eval(TAG_SCRIPT, sets.length, ...sets, ...keys.map((k) => prefix + k));
      }),
    drop: (keys) =>
      run('drop', async () => {
        if (keys.length > 0) await redis.del(...keys);
      }),
    purge: (tags, soft) =>
      run('purge', async () => {
        const keys = [GENERATION_KEY, ...tags.map(tagKey)];
        const out: unknown = await redis.eval(PURGE_SCRIPT, keys.length, ...keys, soft ? '1' : '0', String(Date.now()));
        if (!Array.isArray(out)) return [];
        return out.flatMap((m) => (typeof m === 'string' && m.startsWith(prefix) ? [m.slice(prefix.length)] : []));
      }),
    publish: (channel, message) => run('publish', () => redis.publish(prefix + channel, message)),
    subscribe: async (channel, onMessage) => {
      // a subscribed connection takes no other commands: one of its own, which queues while reconnecting
      subscriber ??= redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, keyPrefix: undefined });
      subscriber.on('error', () => {});
      subscriber.on('message', (name: string, message: string) => {
        if (name === prefix + channel) onMessage(message);
      });
      // a Redis that is not there does not hold up the start: the subscription is made when it comes
      const subscribed = subscriber.subscribe(prefix + channel).then(
        () => true,
        (err: unknown) => {
          errors.set('subscribe', (errors.get('subscribe') ?? 0) + 1);
          options.log.warn({ err, channel }, 'redis subscribe failed; purges of other replicas not heard');
          return false;
        },
      );
      await Promise.race([subscribed, delay(connectBoundMs, false, { ref: false })]);
    },
    ready,
    errors,
    close: async () => {
      redis.disconnect();
      subscriber?.disconnect();
    },
  };
}

/**
 * The command connection: no offline queue, a bound per command, reconnecting in the background; an outage is logged
 * once, not per command. `ready` resolves once connected, or after the connect bound when Redis is not there.
 */
function connect(options: RedisStoreOptions, prefix: string, connectBoundMs: number) {
  const redis = new Redis(options.url, {
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: connectBoundMs,
    maxRetriesPerRequest: 0,
    keyPrefix: prefix,
    // keep trying in the background, at most every 2 s
    retryStrategy: (times) => Math.min(times * 100, 2000),
  });
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
    const timer = setTimeout(resolve, connectBoundMs);
    timer.unref();
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return { redis, ready };
}

import type { L2Entry, SharedStore } from './redis.ts';

/** What the fill counts, in the two-level cache's stats. */
export interface FillCounts {
  l2: { hit: number; miss: number };
  coalesced: { shared: number };
}

export interface SharedFillOptions<E> {
  store: SharedStore;
  /** how long the fill lock lives (a crashed holder frees it after this) */
  lockTtlMs: number;
  /**
   * how often a waiter looks whether the lock holder has filled the key, when no `filled` message woke it first (the
   * holder publishes one as it frees its lock)
   */
  lockPollMs: number;
  now: () => number;
  /** a record as the cache keeps it; undefined when it does not parse or is past every window */
  parse: (record: L2Entry) => E | undefined;
  /** whether a record read before loading is served instead (fresh, or within its stale window) */
  servable: (entry: E) => boolean;
  /** whether a record another replica stored while this one waited is served (fresh only) */
  filled: (entry: E) => boolean;
  counts: FillCounts;
  /** a Redis call failed (the fill goes on without it) */
  failed: (err: unknown, op: 'read' | 'write' | 'unlock') => void;
}

/** Where one fill stands after reading the shared store. */
export interface Claim<E> {
  key: string;
  /** a record to serve instead of loading: read at once, or stored by another replica while this one waited */
  found?: E;
  /** the purge generation at the first read: what the write is checked against (unset when Redis failed first) */
  generation?: string;
  /** the lock's token while this fill holds it */
  token: string | null;
}

export interface SharedFill<E> {
  /**
   * Read the key (`readFirst`; a refresh only reads the generation), else take its lock and read once more (a replica
   * may have filled it in between); when another replica holds it, wait (bounded by the lock's life) for that replica's record. Never throws: a Redis error ends the claim there.
   */
  claim(key: string, readFirst: boolean): Promise<Claim<E>>;
  /**
   * Store what this fill loaded, only if no purge moved the store's generation since the claim's read: false when
   * one did. A failed write (a record that cannot be made counts as one) is reported and resolves true: no purge is
   * known.
   */
  write(claim: Claim<E>, record: () => L2Entry, ttlMs: number): Promise<boolean>;
  /** Free the lock if this fill holds it. */
  release(claim: Claim<E>): Promise<void>;
}

/** The channel a lock holder publishes the key on as it frees the lock (its record written, or not). */
export const FILLED_CHANNEL = 'filled';

/**
 * The shared level's side of a fill, across replicas: read the record, else take a short `SET NX PX` lock so one
 * replica loads while the others wait for its record; the loader's record is written with the generation guard (no
 * write when a replica purged since the read), then the lock is freed and the key published on FILLED_CHANNEL. A
 * waiter looks again when that message comes, or every `lockPollMs` (a message lost, a subscription not yet made).
 */
export function createSharedFill<E>(options: SharedFillOptions<E>): SharedFill<E> {
  const { store, now, counts } = options;
  /** the waiters of this process by key: woken by the holder's message */
  const waiters = new Map<string, Set<() => void>>();
  let subscribed: Promise<void> | undefined;
  const listen = () =>
    (subscribed ??= store
      .subscribe(FILLED_CHANNEL, (key) => waiters.get(key)?.forEach((wake) => wake()))
      .catch(() => {}));

  /**
   * A look after `lockPollMs`, or sooner when the key's holder publishes that it is done; registered at once, so a
   * message that comes while the waiter checks is not lost. `cancel` ends it without waiting.
   */
  function nextLook(key: string): { at: Promise<void>; cancel: () => void } {
    let set = waiters.get(key);
    if (!set) waiters.set(key, (set = new Set()));
    const registered = set;
    let done = () => {};
    const at = new Promise<void>((resolve) => {
      done = () => {
        clearTimeout(timer);
        registered.delete(done);
        if (registered.size === 0 && waiters.get(key) === registered) waiters.delete(key);
        resolve();
      };
    });
    const timer = setTimeout(done, options.lockPollMs);
    registered.add(done);
    return { at, cancel: done };
  }

  async function wait(claim: Claim<E>, read: () => Promise<E | undefined>): Promise<E | undefined> {
    counts.coalesced.shared += 1;
    await listen();
    const deadline = now() + options.lockTtlMs;
    while (now() < deadline) {
      const look = nextLook(claim.key);
      try {
        const filled = await read();
        if (filled && options.filled(filled)) return filled;
        if (!(await store.locked(claim.key))) {
          // released: filled just now (between the read and this check), or the holder failed or was purged
          const after = await read();
          return after && options.filled(after) ? after : undefined;
        }
        await look.at;
      } finally {
        look.cancel();
      }
    }
    return undefined;
  }

  return {
    async claim(key, readFirst) {
      const claim: Claim<E> = { key, token: null };
      const read = async () => {
        const found = await store.read(key);
        claim.generation ??= found.generation;
        return found.entry && options.parse(found.entry);
      };
      const served = (entry: E) => {
        counts.l2.hit += 1;
        claim.found = entry;
        return claim;
      };
      try {
        const found = readFirst ? await read() : undefined;
        if (found && options.servable(found)) return served(found);
        if (readFirst) counts.l2.miss += 1;
        else claim.generation = (await store.read(key)).generation;
        claim.token = await store.lock(key, options.lockTtlMs);
        if (claim.token !== null && readFirst) {
          // another replica may have filled the key and freed its lock between the read and this lock
          const late = await read();
          if (late && options.filled(late)) {
            await store.unlock(key, claim.token);
            claim.token = null;
            return served(late);
          }
        } else if (readFirst) {
          // another replica is loading this key: wait for its record, else load here
          const filled = await wait(claim, read);
          if (filled) return served(filled);
        }
      } catch (err) {
        options.failed(err, 'read');
      }
      return claim;
    },
    async write(claim, record, ttlMs) {
      if (claim.generation === undefined) return true;
      try {
        return await store.write(claim.key, record(), ttlMs, claim.generation);
      } catch (err) {
        options.failed(err, 'write');
        return true;
      }
    },
    async release(claim) {
      if (claim.token === null) return;
      await store.unlock(claim.key, claim.token).catch((err: unknown) => options.failed(err, 'unlock'));
      // the waiters of every replica look again now rather than at their next poll
      void store.publish(FILLED_CHANNEL, claim.key).catch(() => {});
    },
  };
}

import { LRUCache } from 'lru-cache';
import type { Entry } from './entry.ts';

export interface MemoryLevelOptions {
  maxBytes: number;
  now: () => number;
  /** an entry was evicted for room */
  onEvict: () => void;
}

/** lru-cache bounded by bytes, with an index of tag → keys so a purge finds its entries without scanning. */
export function createMemoryLevel<V>(options: MemoryLevelOptions) {
  /** tag → keys of the entries carrying it */
  const index = new Map<string, Set<string>>();
  const unindex = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      const keys = index.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) index.delete(tag);
    }
  };
  const addIndex = (key: string, tags: readonly string[]) => {
    for (const tag of tags) {
      let keys = index.get(tag);
      if (!keys) index.set(tag, (keys = new Set()));
      keys.add(key);
    }
  };

  const lru = new LRUCache<string, Entry<V>>({
    // the cache's clock, so tests can move it with fake timers
    perf: { now: options.now },
    ttlResolution: 0,
    maxSize: options.maxBytes,
    // an entry larger than the whole cache is not stored (and not an error)
    maxEntrySize: options.maxBytes,
    sizeCalculation: (entry) => Math.max(entry.size, 1),
    dispose: (entry, key, reason) => {
      if (reason === 'evict') options.onEvict();
      unindex(key, entry.tags);
      if (entry.marks) unindex(key, entry.marks);
    },
  });

  return {
    get: (key: string) => lru.get(key),
    /** Keep an entry until its `errorUntil`, indexed under its tags (nothing when it is past that, or too large). */
    keep(key: string, entry: Entry<V>) {
      const left = entry.errorUntil - options.now();
      if (left <= 0) return;
      lru.set(key, entry, { ttl: left });
      // lru-cache refuses entries over maxEntrySize: index only what it kept
      if (lru.has(key)) addIndex(key, entry.tags);
    },
    /** Add tags to a stored entry (its marks), indexed for purges. */
    mark(key: string, tags: readonly string[]) {
      const entry = lru.peek(key);
      if (!entry) return;
      const added = tags.filter((t) => !entry.tags.includes(t) && !entry.marks?.includes(t));
      if (added.length === 0) return;
      entry.marks = [...(entry.marks ?? []), ...added];
      addIndex(key, added);
    },
    delete: (key: string) => void lru.delete(key),
    /** Drop (or with `soft` mark stale) the entries carrying any of `tags` or stored under one of `keys`; how many. */
    purge(tags: readonly string[], keys: readonly string[], soft: boolean) {
      const found = new Set(keys);
      for (const tag of tags) for (const key of index.get(tag) ?? []) found.add(key);
      let count = 0;
      const t = options.now();
      for (const key of found) {
        const entry = lru.peek(key, { allowStale: true });
        if (!entry) continue;
        count += 1;
        if (!soft) {
          lru.delete(key);
          continue;
        }
        // served while one refresh runs, for at least as long as it would have been fresh
        entry.staleUntil = Math.max(entry.staleUntil, entry.freshUntil);
        entry.freshUntil = Math.min(entry.freshUntil, t);
      }
      return count;
    },
    clear: () => lru.clear(),
    /** bytes held */
    get size() {
      return lru.calculatedSize;
    },
  };
}

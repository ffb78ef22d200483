/** What the budget needs of the Cache Storage API (the worker's `caches`). */
export interface CacheStore {
  open(name: string): Promise<{ keys(): Promise<readonly Request[]>; delete(request: Request): Promise<boolean> }>;
  has(name: string): Promise<boolean>;
}

/**
 * Keep the site's storage under `budget` bytes: while the estimate is over it, drop the oldest entries (Cache
 * Storage lists keys in the order they were stored) of the runtime caches, in the order given (the cheapest to fetch
 * again first), a few at a time. Caches not listed (the precache, what the reader saved) are never touched.
 * Returns how many entries were dropped.
 */
export async function trimToBudget(
  budget: number,
  evictable: readonly string[],
  store: CacheStore,
  estimate: () => Promise<{ usage?: number }>,
  batch = 10,
): Promise<number> {
  let dropped = 0;
  for (const name of evictable) {
    if (!(await store.has(name))) continue;
    const cache = await store.open(name);
    for (;;) {
      const { usage = 0 } = await estimate();
      if (usage <= budget) return dropped;
      const oldest = (await cache.keys()).slice(0, batch);
      if (oldest.length === 0) break;
      for (const request of oldest) if (await cache.delete(request)) dropped += 1;
    }
  }
  return dropped;
}

/** What the budget needs of the Cache Storage API (the worker's `caches`). */
export interface CacheStore {
  open(name: string): Promise<{
    keys(): Promise<readonly Request[]>;
    match(request: Request): Promise<Response | undefined>;
    delete(request: Request): Promise<boolean>;
  }>;
  has(name: string): Promise<boolean>;
}

/**
 * Keep what the runtime caches hold (`evictable`, the cheapest to fetch again first) under `budget` bytes, each entry
 * counted by the size it was stored with (`sizeOf`). The precache, the kit and what the reader saved are never counted
 * nor touched. The count is made only when the site's whole usage (`estimate`, which includes them) is over the
 * budget: below it, the runtime caches cannot be. Then the oldest entries go (Cache Storage lists keys in the order
 * they were stored). Returns how many entries were dropped.
 */
export async function trimToBudget(
  budget: number,
  evictable: readonly string[],
  store: CacheStore,
  estimate: () => Promise<{ usage?: number }>,
  sizeOf: (response: Response | undefined) => number,
): Promise<number> {
  const { usage = 0 } = await estimate();
  if (usage <= budget) return 0;
  const caches = [];
  let total = 0;
  for (const name of evictable) {
    if (!(await store.has(name))) continue;
    const cache = await store.open(name);
    const entries = [];
    for (const request of await cache.keys()) {
      const size = sizeOf(await cache.match(request));
      entries.push({ request, size });
      total += size;
    }
    caches.push({ cache, entries });
  }
  let dropped = 0;
  for (const { cache, entries } of caches) {
    for (const { request, size } of entries) {
      if (total <= budget) return dropped;
      if (await cache.delete(request)) dropped += 1;
      total -= size;
    }
  }
  return dropped;
}

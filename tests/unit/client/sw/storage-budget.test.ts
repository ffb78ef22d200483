import { describe, expect, it } from 'vitest';
import { trimToBudget, type CacheStore } from '../../../../client/sw/storage-budget.ts';

/** Cache Storage in memory: entries in the order they were stored, each answer carrying its size in a header. */
function memoryCaches(contents: Record<string, number[]>) {
  const caches = new Map(
    Object.entries(contents).map(([name, sizes]) => [
      name,
      sizes.map((size, i) => ({ request: new Request(`http://site.test/${name}/${i}`), size })),
    ]),
  );
  const store: CacheStore = {
    has: async (name) => caches.has(name),
    open: async (name) => {
      const entries = caches.get(name) ?? [];
      return {
        keys: async () => entries.map((e) => e.request),
        match: async (request) => {
          const entry = entries.find((e) => e.request === request);
          return entry && new Response('', { headers: { 'x-size': String(entry.size) } });
        },
        delete: async (request) => {
          const at = entries.findIndex((e) => e.request === request);
          if (at >= 0) entries.splice(at, 1);
          return at >= 0;
        },
      };
    },
  };
  const usage = () => [...caches.values()].flat().reduce((sum, e) => sum + e.size, 0);
  const left = (name: string) => (caches.get(name) ?? []).map((e) => new URL(e.request.url).pathname);
  const sizeOf = (response: Response | undefined) => Number(response?.headers.get('x-size') ?? 0);
  return { store, estimate: async () => ({ usage: usage() }), usage, left, sizeOf };
}

describe('the storage budget', () => {
  it('drops nothing while the whole site is under the budget', async () => {
    const site = memoryCaches({ images: [10, 10], documents: [10] });
    expect(await trimToBudget(100, ['images', 'documents'], site.store, site.estimate, site.sizeOf)).toBe(0);
  });

  it('drops the oldest entries of the first cache first, until the runtime caches fit', async () => {
    const site = memoryCaches({ images: [40, 30, 20], documents: [30] });
    const dropped = await trimToBudget(60, ['images', 'documents'], site.store, site.estimate, site.sizeOf);
    expect(dropped).toBe(2);
    expect(site.left('images')).toEqual(['/images/2']);
    expect(site.left('documents')).toEqual(['/documents/0']);
    expect(site.usage()).toBeLessThanOrEqual(60);
  });

  it('goes on to the next cache when the first is empty', async () => {
    const site = memoryCaches({ images: [10], documents: [50, 50] });
    await trimToBudget(50, ['images', 'documents'], site.store, site.estimate, site.sizeOf);
    expect(site.left('images')).toEqual([]);
    expect(site.left('documents')).toEqual(['/documents/1']);
  });

  it('counts only the runtime caches: what the reader saved never empties them', async () => {
    const site = memoryCaches({ images: [10, 10], saved: [500] });
    expect(await trimToBudget(100, ['images', 'missing'], site.store, site.estimate, site.sizeOf)).toBe(0);
    expect(site.left('saved')).toEqual(['/saved/0']);
    expect(site.left('images')).toEqual(['/images/0', '/images/1']);
  });
});

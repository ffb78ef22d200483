import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDiskCache } from '../../../../server/disk-cache.ts';

const root = mkdtempSync(join(tmpdir(), 'disk-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dirs = 0;
const fresh = () => join(root, `cache-${++dirs}`);

/** A maker the test finishes when it wants: `finish()` resolves it with `bytes`. */
function held(bytes: string) {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { make: async () => (await done, Buffer.from(bytes)), finish };
}

describe('the disk cache drops files by name', () => {
  it('removes a kept file: the next get makes it again', async () => {
    const dir = fresh();
    const cache = await createDiskCache(dir);
    await cache.get('a.webp', async () => Buffer.from('old'));
    expect((await cache.get('a.webp', async () => Buffer.from('unused'))).hit).toBe(true);
    expect(cache.drop(['a.webp', 'absent.webp'])).toBe(1);
    expect(existsSync(join(dir, 'a.webp'))).toBe(false);
    const again = await cache.get('a.webp', async () => Buffer.from('new'));
    expect([again.hit, again.bytes.toString()]).toEqual([false, 'new']);
  });

  it('does not keep a file that was being made when it was dropped; a get after the drop makes a new one', async () => {
    const dir = fresh();
    const cache = await createDiskCache(dir);
    const old = held('old');
    const before = cache.get('a.webp', old.make);
    cache.drop(['a.webp']);
    const after = held('new');
    const next = cache.get('a.webp', after.make);
    old.finish();
    // the caller from before the drop gets what it asked for; the file is not kept
    expect((await before).bytes.toString()).toBe('old');
    expect(existsSync(join(dir, 'a.webp'))).toBe(false);
    after.finish();
    expect((await next).bytes.toString()).toBe('new');
    expect((await cache.get('a.webp', async () => Buffer.from('unused'))).bytes.toString()).toBe('new');
  });

  it('drops every file at once', async () => {
    const dir = fresh();
    const cache = await createDiskCache(dir);
    for (const name of ['a.webp', 'b.png', 'c.keys']) await cache.get(name, async () => Buffer.from(name));
    expect(cache.dropAll()).toBe(3);
    expect(readdirSync(dir)).toEqual([]);
  });
});

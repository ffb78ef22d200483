import { readdirSync, unlinkSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A file read from the disk cache (`hit`) or made now. */
export interface DiskCached {
  bytes: Buffer;
  hit: boolean;
}

export interface DiskCache {
  /** The file `name`: from disk, else made once (concurrent callers share the work) and written atomically. */
  get(name: string, make: () => Promise<Buffer>): Promise<DiskCached>;
  /**
   * Remove files by name, at once: the next `get` makes them again, and one being made now is not written (its
   * callers still get it). Returns how many files were on disk.
   */
  drop(names: Iterable<string>): number;
  /** Remove every file (as `drop` does). */
  dropAll(): number;
}

/**
 * Generated files (image renditions, icons, share images) kept in one folder, made once per name: a file is written
 * under a temporary name and renamed, so a reader never sees half of one. With `maxFiles`, files past the bound are
 * still made and served, just not written.
 */
export async function createDiskCache(dir: string, options: { maxFiles?: number } = {}): Promise<DiskCache> {
  await mkdir(dir, { recursive: true });
  const maxFiles = options.maxFiles ?? Number.POSITIVE_INFINITY;
  let onDisk = Number.isFinite(maxFiles) ? (await readdir(dir)).length : 0;
  const inflight = new Map<string, { job: Promise<DiskCached>; token: object }>();
  /** jobs whose file was dropped while they were being made: they do not keep it */
  const dropped = new WeakSet<object>();

  const unlink = (name: string): boolean => {
    try {
      unlinkSync(join(dir, name));
      onDisk = Math.max(0, onDisk - 1);
      return true;
    } catch {
      return false; // not there
    }
  };
  const drop = (names: Iterable<string>) => {
    let removed = 0;
    for (const name of names) {
      const making = inflight.get(name);
      if (making) {
        dropped.add(making.token);
        inflight.delete(name);
      }
      if (unlink(name)) removed += 1;
    }
    return removed;
  };

  return {
    get(name, make) {
      const making = inflight.get(name);
      if (making) return making.job;
      const token = {};
      const job = (async () => {
        const file = join(dir, name);
        const hit = await readFile(file).catch(() => null);
        if (hit) return { bytes: hit, hit: true };
        const bytes = await make();
        if (onDisk < maxFiles && !dropped.has(token)) {
          const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
          await writeFile(tmp, bytes);
          await rename(tmp, file);
          onDisk += 1;
          // dropped while it was written: the file is not kept
          if (dropped.has(token)) unlink(name);
        }
        return { bytes, hit: false };
      })().finally(() => {
        if (inflight.get(name)?.token === token) inflight.delete(name);
      });
      inflight.set(name, { job, token });
      return job;
    },
    drop,
    dropAll() {
      const names = [...inflight.keys()];
      try {
        for (const name of readdirSync(dir)) names.push(name);
      } catch {
        // the folder is gone: nothing on disk
      }
      return drop(new Set(names));
    },
  };
}

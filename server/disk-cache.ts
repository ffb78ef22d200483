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
  const inflight = new Map<string, Promise<DiskCached>>();
  return {
    get(name, make) {
      let job = inflight.get(name);
      if (!job) {
        job = (async () => {
          const file = join(dir, name);
          const hit = await readFile(file).catch(() => null);
          if (hit) return { bytes: hit, hit: true };
          const bytes = await make();
          if (onDisk < maxFiles) {
            const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
            await writeFile(tmp, bytes);
            await rename(tmp, file);
            onDisk += 1;
          }
          return { bytes, hit: false };
        })().finally(() => inflight.delete(name));
        inflight.set(name, job);
      }
      return job;
    },
  };
}

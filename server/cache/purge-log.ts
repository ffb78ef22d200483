/** The purges of one process, counted: whether a load's result was purged while it ran. */
export interface PurgeLog {
  /** bumped by every purge */
  readonly generation: number;
  /** Count a purge of these tags and keys. */
  record(tags: readonly string[], keys: readonly string[]): void;
  /** Whether a purge since `startGen` names `key` or one of `tags`; one too long ago to know counts as yes. */
  purgedSince(startGen: number, key: string, tags: readonly string[]): boolean;
}

/** The last purges kept to answer `purgedSince`; a load older than all of them counts as purged. */
const PURGES_KEPT = 64;

export function createPurgeLog(): PurgeLog {
  let generation = 0;
  const purges: Array<{ generation: number; tags: ReadonlySet<string>; keys: ReadonlySet<string> }> = [];
  return {
    get generation() {
      return generation;
    },
    record(tags, keys) {
      generation += 1;
      purges.push({ generation, tags: new Set(tags), keys: new Set(keys) });
      if (purges.length > PURGES_KEPT) purges.shift();
    },
    purgedSince(startGen, key, tags) {
      if (startGen === generation) return false;
      if ((purges[0]?.generation ?? Infinity) > startGen + 1) return true;
      return purges.some((p) => p.generation > startGen && (p.keys.has(key) || tags.some((tag) => p.tags.has(tag))));
    },
  };
}

/**
 * A memo of values by string key, bounded: emptied when it holds `max` entries. For what pages repeat on every
 * render (`srcset`s: a few hundred keys that come back), where clearing now and then costs less than tracking
 * recency, and a stream of new keys cannot grow it. Works in the browser too (no lru-cache in the client bundle for
 * this). `compute` never returns undefined (null is a value).
 */
export function boundedMemo<V extends NonNullable<unknown> | null>(max: number) {
  const memo = new Map<string, V>();
  return (key: string, compute: () => V): V => {
    let value = memo.get(key);
    if (value === undefined) {
      value = compute();
      if (memo.size >= max) memo.clear();
      memo.set(key, value);
    }
    return value;
  };
}

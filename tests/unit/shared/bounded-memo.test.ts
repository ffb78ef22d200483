import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../shared/bounded-memo.ts';

describe('boundedMemo', () => {
  it('computes a key once, null included, and empties itself when it holds max entries', () => {
    const calls: string[] = [];
    const memo = boundedMemo<string | null>(3);
    const get = (key: string) =>
      memo(key, () => {
        calls.push(key);
        return key === 'none' ? null : key.toUpperCase();
      });
    expect([get('a'), get('a'), get('none'), get('none')]).toEqual(['A', 'A', null, null]);
    expect(calls).toEqual(['a', 'none']);
    get('b'); // three held
    get('c'); // full: emptied, then c
    expect(calls).toEqual(['a', 'none', 'b', 'c']);
    get('c');
    get('a'); // computed again: it went with the rest
    expect(calls).toEqual(['a', 'none', 'b', 'c', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../../shared/bounded-memo.ts';

describe('boundedMemo', () => {
  /** A memo of 3 entries that records the keys it computes ('none' computes to null). */
  function recordingMemo() {
    const calls: string[] = [];
    const memo = boundedMemo<string | null>(3);
    const get = (key: string) =>
      memo(key, () => {
        calls.push(key);
        return key === 'none' ? null : key.toUpperCase();
      });
    return { calls, get };
  }

  it('computes a key once, null included', () => {
    const { calls, get } = recordingMemo();
    expect([get('a'), get('a'), get('none'), get('none')]).toEqual(['A', 'A', null, null]);
    expect(calls).toEqual(['a', 'none']);
  });

  it('empties itself when it holds max entries', () => {
    const { calls, get } = recordingMemo();
    get('a');
    get('none');
    expect(calls).toEqual(['a', 'none']);
    get('b'); // three held
    get('c'); // full: emptied, then c
    expect(calls).toEqual(['a', 'none', 'b', 'c']);
    get('c');
    get('a'); // computed again: it went with the rest
    expect(calls).toEqual(['a', 'none', 'b', 'c', 'a']);
  });
});

import { describe, expect, it } from 'vitest';
import { canonicalize, canonicalPath, hasDotSegment, isPlainPath } from '../../../../server/plugins/canonical-url.ts';

describe('canonicalize', () => {
  it('is a fixed point: a redirect target is canonical', () => {
    for (const url of ['//A//B/', '/en/News/INDEX', '/x/index.html/']) {
      const result = canonicalize(url);
      expect(result.kind).toBe('redirect');
      if (result.kind === 'redirect') expect(canonicalize(result.location)).toEqual({ kind: 'ok' });
    }
  });
});

describe('plain paths (the one-test fast path)', () => {
  // every path of up to three segments drawn from pieces that each rule acts on
  const pieces = ['', 'a', 'N', '.', '..', '%2e', '%2E.', '...', 'index', 'index.html', 'x\\y', '%D0%9F', 'b-c_d'];
  const paths = pieces.flatMap((a) =>
    ['', ...pieces.map((b) => `/${b}`)].flatMap((b) => ['', ...pieces.map((c) => `/${c}`)].map((c) => `/${a}${b}${c}`)),
  );

  it('takes only paths the rules leave as they are', () => {
    const plain = paths.filter(isPlainPath);
    for (const path of plain) {
      expect(hasDotSegment(path), path).toBe(false);
      expect(canonicalPath(path), path).toBe(path);
    }
    expect(plain.length).toBeGreaterThan(100);
  });

  it('takes the paths of real pages', () => {
    for (const path of ['/', '/en', '/news', '/en/news/east-zulmart-glacier-pamir', '/en/news/_payload.json'])
      expect(isPlainPath(path), path).toBe(true);
    for (const path of ['/en/', '/News', '//en', '/en/index', '/a/./b', '/a/%2e%2E', '/a\\b'])
      expect(isPlainPath(path), path).toBe(false);
  });
});

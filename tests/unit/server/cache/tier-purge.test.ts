import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../../../../server/config.ts';
import { keyBatches, TIER_HEADER_MAX_CHARS } from '../../../../server/cache/tier-purge.ts';

describe('keyBatches', () => {
  it('puts the keys in space-separated headers of at most TIER_HEADER_MAX_CHARS, in order, none lost', () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `news:item-number-${i}`);
    const batches = keyBatches(keys);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) expect(batch.length).toBeLessThanOrEqual(TIER_HEADER_MAX_CHARS);
    expect(batches.join(' ').split(' ')).toEqual(keys);
  });

  it('sends a few keys in one header, and none for none', () => {
    expect(keyBatches(['news', 'path:/en'])).toEqual(['news path:/en']);
    expect(keyBatches([])).toEqual([]);
  });
});

describe('PURGE_TIER_URLS', () => {
  it('is a comma-separated list of http(s) URLs, empty by default', () => {
    expect(parseConfig({}).PURGE_TIER_URLS).toEqual([]);
    expect(
      parseConfig({ PURGE_TIER_URLS: ' http://127.0.0.1:8081/ , https://cdn.example/purge ' }).PURGE_TIER_URLS,
    ).toEqual(['http://127.0.0.1:8081/', 'https://cdn.example/purge']);
    expect(parseConfig({}).PURGE_TIER_TIMEOUT_MS).toBe(2000);
  });

  it('refuses what is not an http(s) URL, or one with credentials', () => {
    for (const value of ['nginx:8081', 'ftp://127.0.0.1/', 'http://user:secret@127.0.0.1/'])
      expect(() => parseConfig({ PURGE_TIER_URLS: value }), value).toThrow(ConfigError);
    expect(() => parseConfig({ PURGE_TIER_URLS: 'http://user:secret@127.0.0.1/' })).toThrow(/PURGE_TIER_URLS/);
  });
});

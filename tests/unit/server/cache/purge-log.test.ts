import { describe, expect, it } from 'vitest';
import { createPurgeLog } from '../../../../server/cache/purge-log.ts';

describe('purge log', () => {
  it('a load is purged by a later purge of its key or one of its tags, not by one of other content', () => {
    const log = createPurgeLog();
    const start = log.generation;
    expect(log.purgedSince(start, '/news/a', ['news:a'])).toBe(false);
    log.record(['events'], ['/about']);
    expect(log.generation).toBe(start + 1);
    expect(log.purgedSince(start, '/news/a', ['news:a'])).toBe(false);
    log.record(['news:a'], []);
    expect(log.purgedSince(start, '/news/b', ['news:a', 'news'])).toBe(true);
    log.record([], ['/news/c']);
    expect(log.purgedSince(start, '/news/c', [])).toBe(true);
    // a purge before the load started does not count
    expect(log.purgedSince(start + 2, '/news/b', ['news:a'])).toBe(false);
  });

  it('a load older than every purge it remembers counts as purged', () => {
    const log = createPurgeLog();
    for (let i = 0; i < 64; i += 1) log.record([`t${i}`], []);
    expect(log.purgedSince(0, '/k', ['other'])).toBe(false);
    log.record(['t64'], []);
    expect(log.purgedSince(0, '/k', ['other'])).toBe(true);
    expect(log.purgedSince(1, '/k', ['other'])).toBe(false);
  });
});

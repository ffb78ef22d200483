import { describe, expect, it } from 'vitest';
import { pagePolicies } from '../../../server/cache-policies.ts';
import { startTestApp } from '../../helpers/app.ts';

describe('the lifetimes pages and payloads announce', () => {
  it('follow PAGE_CACHE_TTL_MS, rendered or stored, for documents and payloads', async () => {
    const { app, clientBuild } = await startTestApp({ config: { PAGE_CACHE_TTL_MS: 4000 } });
    const get = (url: string) => app.inject({ method: 'GET', url });
    const payload = `/en/news/_payload.json?${clientBuild.build.id}`;
    // the render, then the stored answer
    for (const outcome of ['miss', 'hit']) {
      await expect.poll(async () => (await get('/en/news')).headers['x-cache']).toBe(outcome);
      expect((await get('/en/news')).headers['cache-control']).toBe(
        'public, max-age=0, s-maxage=4, stale-while-revalidate=600, stale-if-error=86400',
      );
    }
    const first = await get(payload);
    expect(first.headers['cache-control']).toBe('public, max-age=4, s-maxage=4, stale-if-error=86400');
    await expect.poll(async () => (await get(payload)).headers['x-cache']).toBe('hit');
    expect((await get(payload)).headers['cache-control']).toBe('public, max-age=4, s-maxage=4, stale-if-error=86400');
  });

  it('are whole seconds of the page cache, the default a minute', () => {
    expect(pagePolicies(60_000)).toEqual({
      document: 'public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400',
      payload: 'public, max-age=60, s-maxage=60, stale-if-error=86400',
    });
    expect(pagePolicies(500).payload).toBe('public, max-age=0, s-maxage=0, stale-if-error=86400');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppManifest } from '../../../../client/runtime/app-manifest.ts';
import { pageOfPayload } from '../../../../shared/payload.ts';

/** sessionStorage of one tab (what the app manifest uses of it): survives the full page loads of the scenario. */
function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const data = new Map<string, string>();
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

/** Replicas of a rolling update: `latest` is the build the answering replica serves. */
const replica = (build: string) =>
  (async (url: string) => {
    if (url.startsWith('/builds/latest.json')) return Response.json({ id: build, timestamp: 1 });
    if (url === `/builds/meta/${build}.json`) return Response.json({ id: build, matcher: {}, prerendered: [] });
    return Response.json({ message: 'Unknown build' }, { status: 404 });
  }) as unknown as typeof fetch;

describe('two builds behind one address (rolling update)', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('a page of the old build learns of the new one once: one full load, then never again for that build', async () => {
    const page1 = createAppManifest('old000000000', replica('new000000000'));
    await page1.checkNow();
    expect(page1.isOutdated()).toBe(true);
    // the full load reached a replica still on the old build; it keeps meeting new replicas
    const page2 = createAppManifest('old000000000', replica('new000000000'));
    await page2.checkNow();
    await page2.loadNow();
    expect(page2.isOutdated()).toBe(false);
    const page3 = createAppManifest('old000000000', replica('new000000000'));
    await page3.loadNow();
    expect(page3.isOutdated()).toBe(false);
  });

  it('a manifest request carrying the other build id (404 on this replica) leads to one full load, not a loop', async () => {
    const page1 = createAppManifest('new000000000', replica('old000000000'));
    await page1.loadNow();
    expect(page1.isOutdated()).toBe(true);
    const page2 = createAppManifest('new000000000', replica('old000000000'));
    await page2.loadNow();
    await page2.checkNow();
    expect(page2.isOutdated()).toBe(false);
  });

  it('replicas of the same build agree: nothing is ever outdated', async () => {
    const page = createAppManifest('same00000000', replica('same00000000'));
    await page.checkNow();
    await page.loadNow();
    expect(page.isOutdated()).toBe(false);
  });

  it('a payload URL with the other build id is served as the same page (data does not depend on the build)', () => {
    expect(pageOfPayload('/en/news/_payload.json', '?old000000000&page=2', 'new000000000')).toEqual({
      pathname: '/en/news',
      search: '?page=2',
    });
  });
});

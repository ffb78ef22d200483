import { afterEach, describe, expect, it, vi } from 'vitest';
import { clampTimer, MAX_TIMER_MS } from '../../../../shared/constants.ts';
import { matchRouteRule, resolveRedirect, routeRules } from '../../../../shared/router/route-rules.ts';
import { withMiddleware } from '../../../../shared/router/middleware.server.ts';
import { isMetered } from '../../../../client/runtime/connection.ts';

describe('timers', () => {
  afterEach(() => vi.useRealTimers());

  it('clamps every timer and cookie lifetime to 2147483647 ms', () => {
    expect(clampTimer(10 * MAX_TIMER_MS)).toBe(2147483647);
    expect(clampTimer(-5)).toBe(0);
    expect(clampTimer(1000)).toBe(1000);
  });

  it('does not fire a long poll at once (an unclamped setTimeout over 2^31-1 ms would)', async () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const { createAppManifest } = await import('../../../../client/runtime/app-manifest.ts');
    const manifest = createAppManifest('abc', (async (url: string) => {
      calls.push(url);
      return new Response(JSON.stringify({ id: 'abc' }));
    }) as unknown as typeof fetch);
    manifest.poll(365 * 24 * 3600 * 1000);
    vi.advanceTimersByTime(60_000);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(MAX_TIMER_MS);
    await vi.runOnlyPendingTimersAsync();
    expect(calls.length).toBeGreaterThan(0);
  });
});

describe('metered connections (no prefetch, no worker kit, images at density 1)', () => {
  it('are data saver and 2g connections', () => {
    expect(isMetered(undefined)).toBe(false);
    expect(isMetered({ effectiveType: '4g' })).toBe(false);
    expect(isMetered({ saveData: true, effectiveType: '4g' })).toBe(true);
    expect(isMetered({ effectiveType: '2g' })).toBe(true);
    expect(isMetered({ effectiveType: 'slow-2g' })).toBe(true);
    expect(isMetered({ effectiveType: '3g' })).toBe(false);
  });
});

describe('route rules', () => {
  const rules = {
    '/docs/**': { redirect: { to: '/resources/database', statusCode: 302 as const } },
  };

  it('match the paths under a /** prefix, not its siblings, keeping the locale for relative targets', () => {
    expect(resolveRedirect(rules, '/docs/a/b', 'ru')?.location).toBe('/resources/database');
    expect(resolveRedirect(rules, '/en/docs/a', 'en')?.location).toBe('/en/resources/database');
    expect(matchRouteRule(rules, '/documents')).toBeUndefined();
  });

  it('send an absolute target as it is, with a full document load', () => {
    expect(resolveRedirect(routeRules, '/en/wgms', 'en')).toEqual({
      location: 'https://wgms.ch/',
      statusCode: 302,
      reloadDocument: true,
    });
  });
});

describe('route middleware', () => {
  it('names an unknown middleware at startup, not at the first request', () => {
    expect(() => withMiddleware('x', async () => null, ['missing'])).toThrow(
      'Unknown route middleware: missing (route x)',
    );
  });

  it('runs named middleware before the loader', async () => {
    const order: string[] = [];
    const loader = withMiddleware('x', async () => order.push('loader'), ['log'], {
      log: () => void order.push('middleware'),
    });
    await loader({} as never);
    expect(order).toEqual(['middleware', 'loader']);
  });
});

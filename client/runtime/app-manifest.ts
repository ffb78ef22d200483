import { clampTimer, MANIFEST_PRELOAD_DELAY_MS } from '../../shared/constants.ts';
import { localeFromPath } from '../../shared/locales.ts';
import { resolveRedirect, type ResolvedRedirect, type RouteRules } from '../../shared/router/route-rules.ts';
import { reportError } from './report.ts';

interface BuildMeta {
  id: string;
  timestamp: number;
  matcher: RouteRules;
  prerendered: string[];
}

/**
 * The app manifest (Nuxt's): `/builds/meta/{id}.json` with the route rules, preloaded about 1 s after the page is
 * idle, and `/builds/latest.json` polled to learn that a new build is out, after which the next navigation is a
 * full page load. Fetch errors are only logged (SPEC §8).
 */
export function createAppManifest(buildId: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  let meta: BuildMeta | null = null;
  let outdated = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;

  async function load(): Promise<void> {
    try {
      const res = await fetchImpl(`/builds/meta/${encodeURIComponent(buildId)}.json`);
      if (!res.ok) throw new Error(`build manifest answered ${res.status}`);
      meta = (await res.json()) as BuildMeta;
    } catch (err) {
      reportError('build manifest fetch failed', err);
    }
  }

  async function check(): Promise<void> {
    try {
      const res = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
      if (!res.ok) throw new Error(`latest build answered ${res.status}`);
      const latest = (await res.json()) as { id: string };
      if (latest.id !== buildId) outdated = true;
    } catch (err) {
      reportError('latest build check failed', err);
    }
  }

  return {
    /** preload the manifest about 1 s after the page settles */
    preloadSoon() {
      const start = () => setTimeout(() => void load(), MANIFEST_PRELOAD_DELAY_MS);
      if ('requestIdleCallback' in window) window.requestIdleCallback(start);
      else start();
    },
    /** poll for a new build every `intervalMs` (clamped so a long interval never overflows setTimeout) */
    poll(intervalMs: number) {
      const next = () => {
        pollTimer = setTimeout(() => {
          void check().finally(() => {
            if (!outdated) next();
          });
        }, clampTimer(intervalMs));
      };
      next();
    },
    stop: () => clearTimeout(pollTimer),
    /** a newer build is deployed: navigations should load documents */
    isOutdated: () => outdated,
    /** the redirect a route rule makes for a path (locale prefix included), from the loaded manifest */
    redirectFor(pathname: string): ResolvedRedirect | undefined {
      return meta ? resolveRedirect(meta.matcher, pathname, localeFromPath(pathname)) : undefined;
    },
  };
}
export type AppManifest = ReturnType<typeof createAppManifest>;

import { clampTimer, MANIFEST_PRELOAD_DELAY_MS } from '../../shared/constants.ts';
import { isRecord } from '../../shared/json.ts';
import { localeFromPath } from '../../shared/locales.ts';
import {
  resolveRedirect,
  toRouteRules,
  type ResolvedRedirect,
  type RouteRules,
} from '../../shared/router/route-rules.ts';
import { whenIdle } from '../../shared/ui/idle.ts';
import { reportError } from '../../shared/ui/report.ts';

const OUTDATED_KEY = 'portal:outdated-builds';

/**
 * Remember, for the session, that this build was found outdated (so the next navigation makes a full load). During a
 * rolling update that load may land on a replica still serving the old build: the same build is then never marked
 * again, so a visitor makes at most one full load per old build and never loops between replicas.
 */
function markOutdatedOnce(buildId: string): boolean {
  let seen: string[] = [];
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(OUTDATED_KEY) ?? '[]');
    if (Array.isArray(parsed)) seen = parsed.filter((x): x is string => typeof x === 'string');
  } catch {
    // unreadable storage: treat as never marked
  }
  if (seen.includes(buildId)) return false;
  try {
    sessionStorage.setItem(OUTDATED_KEY, JSON.stringify([...seen.slice(-9), buildId]));
  } catch {
    // storage blocked: without the guard, only mark when the server says so again (one load per poll at most)
  }
  return true;
}

/**
 * The app manifest (Nuxt's): `/builds/meta/{id}.json` with the route rules, preloaded about 1 s after the page is
 * idle, and `/builds/latest.json` polled to learn that a new build is out, after which the next navigation is a
 * full page load. Fetch errors are only logged (SPEC §8).
 */
export function createAppManifest(buildId: string, fetchImpl: typeof fetch = (...args) => fetch(...args)) {
  // the route rules of the build manifest (`/builds/meta/{id}.json`: id, timestamp, matcher, prerendered paths)
  let rules: RouteRules | null = null;
  let outdated = false;

  async function load(): Promise<void> {
    try {
      const res = await fetchImpl(`/builds/meta/${encodeURIComponent(buildId)}.json`);
      // this replica serves another build: this page's build is not the one being served
      if (res.status === 404 && markOutdatedOnce(buildId)) outdated = true;
      if (!res.ok) throw new Error(`build manifest answered ${res.status}`);
      const meta: unknown = await res.json();
      const matcher = isRecord(meta) ? toRouteRules(meta.matcher) : undefined;
      if (!matcher) throw new Error('build manifest has no valid route rules');
      rules = matcher;
    } catch (err) {
      reportError('build manifest fetch failed', err);
    }
  }

  async function check(): Promise<void> {
    try {
      const res = await fetchImpl(`/builds/latest.json?${Date.now()}`, { cache: 'no-store' });
      if (!res.ok) throw new Error(`latest build answered ${res.status}`);
      const latest: unknown = await res.json();
      if (!isRecord(latest) || typeof latest.id !== 'string') throw new Error('latest build answered without an id');
      if (latest.id !== buildId && markOutdatedOnce(buildId)) outdated = true;
    } catch (err) {
      reportError('latest build check failed', err);
    }
  }

  return {
    /** preload the manifest about 1 s after the page settles */
    preloadSoon() {
      whenIdle(() => setTimeout(() => void load(), MANIFEST_PRELOAD_DELAY_MS));
    },
    /** poll for a new build every `intervalMs` (clamped so a long interval never overflows setTimeout) */
    poll(intervalMs: number) {
      const next = () => {
        setTimeout(() => {
          void check().finally(() => {
            if (!outdated) next();
          });
        }, clampTimer(intervalMs));
      };
      next();
    },
    /** ask `/builds/latest.json` now (poll() does it on its interval) */
    checkNow: check,
    /** load the manifest now (preloadSoon() does it once the page is idle) */
    loadNow: load,
    /** a newer build is deployed: navigations should load documents */
    isOutdated: () => outdated,
    /** the redirect a route rule makes for a path (locale prefix included), from the loaded manifest */
    redirectFor(pathname: string): ResolvedRedirect | undefined {
      return rules ? resolveRedirect(rules, pathname, localeFromPath(pathname)) : undefined;
    },
  };
}
export type AppManifest = ReturnType<typeof createAppManifest>;

import { PAYLOAD_RELOAD_GUARD_MS } from '../../shared/constants.ts';
import { isRecord } from '../../shared/json.ts';
import { reportError } from '../../shared/ui/report.ts';

const KEY = 'portal:chunk-reload';

/** Where the navigation in progress is going (set by the client entry from the router's state). */
let navigationTarget: () => string | undefined = () => undefined;
export function setNavigationTarget(resolver: () => string | undefined) {
  navigationTarget = resolver;
}

/**
 * A code chunk failed to load (usually: a new build replaced the files). Load the page being navigated to (or
 * reload the current one) with a full page load, but at most once per 10 s for the same path (SPEC §8),
 * remembered in sessionStorage so the guard survives the load itself. Returns false when the guard stops it.
 */
export function reloadAfterChunkError(
  target = navigationTarget() ?? window.location.pathname + window.location.search,
  now = Date.now(),
): boolean {
  const path = target.split(/[?#]/)[0] ?? target;
  let last: Record<string, number> = {};
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? '{}');
    if (isRecord(stored))
      last = Object.fromEntries(
        Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      );
  } catch {
    // unreadable storage: treat as never reloaded
  }
  const previous = last[path];
  if (previous !== undefined && now - previous < PAYLOAD_RELOAD_GUARD_MS) return false;
  last[path] = now;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(last));
  } catch {
    // storage full or blocked: load anyway, once
  }
  if (target === window.location.pathname + window.location.search) window.location.reload();
  else window.location.assign(target);
  return true;
}

/** Wrap a dynamic import: a failure loads the page in full (guarded) instead of breaking the navigation. */
export function importWithReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((err: unknown) => {
      reportError('code chunk failed to load', err);
      if (reloadAfterChunkError()) return new Promise<T>(() => {});
      throw err;
    });
}

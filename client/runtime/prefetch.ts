import { MAX_ROUTE_PRELOADS } from '../../shared/constants.ts';
import type { PayloadClient } from './payload-client.ts';

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

/** Prefetching is skipped on data saver or slow (2g) connections (SPEC §9). */
export function connectionAllowsPrefetch(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !/(^|-)2g$/.test(connection.effectiveType ?? '');
}

export interface PrefetchOptions {
  payloads: PayloadClient;
  /** warm the code chunk of a path's route */
  preloadChunk: (pathname: string) => Promise<unknown>;
  /** the router's basename: only links inside it are this router's pages */
  basename: string;
  root: HTMLElement;
  /** call back after every navigation, to look for new links */
  onNavigated: (listener: () => void) => void;
}

/**
 * Prefetch the payload and code chunk of internal links when they enter the viewport or are hovered or focused,
 * at most MAX_ROUTE_PRELOADS (5) at once; each path only once per session.
 */
export function startPrefetch(options: PrefetchOptions): { queued: () => number } {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!connectionAllowsPrefetch(connection)) return { queued: () => 0 };

  const seen = new Set<string>();
  const queue: URL[] = [];
  let running = 0;

  const pump = () => {
    while (running < MAX_ROUTE_PRELOADS && queue.length > 0) {
      const url = queue.shift()!;
      running += 1;
      void Promise.allSettled([
        options.payloads.load(url.pathname, url.search),
        options.preloadChunk(url.pathname),
      ]).finally(() => {
        running -= 1;
        pump();
      });
    }
  };

  const request = (link: HTMLAnchorElement) => {
    if (
      link.target ||
      link.hasAttribute('download') ||
      link.hasAttribute('hreflang') ||
      link.dataset.noPrefetch !== undefined
    )
      return;
    const url = new URL(link.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    const base = options.basename === '/' ? '' : options.basename;
    const inside =
      base === ''
        ? !url.pathname.startsWith('/en/') && url.pathname !== '/en'
        : url.pathname === base || url.pathname.startsWith(`${base}/`);
    if (!inside || /\.[a-z0-9]{2,5}$/i.test(url.pathname) || url.pathname.startsWith('/media/')) return;
    const key = url.pathname + url.search;
    if (key === window.location.pathname + window.location.search || seen.has(key)) return;
    seen.add(key);
    queue.push(url);
    pump();
  };

  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      visible.unobserve(entry.target);
      request(entry.target as HTMLAnchorElement);
    }
  });
  const scan = () => options.root.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((a) => visible.observe(a));
  const onIntent = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (link instanceof HTMLAnchorElement && options.root.contains(link)) request(link);
  };
  options.root.addEventListener('pointerover', onIntent, { passive: true });
  options.root.addEventListener('focusin', onIntent);
  scan();
  options.onNavigated(scan);
  return { queued: () => seen.size };
}

import { MAX_ROUTE_PRELOADS } from '../../shared/constants.ts';
import { currentConnection, isMetered } from './connection.ts';
import { whenIdle } from '../../shared/ui/idle.ts';
import type { PayloadClient } from './payload-client.ts';

/** Payloads prefetched because their links are visible, per page view, before the visitor interacts. */
export const MAX_PREFETCH_BEFORE_INTERACTION = 8;

/**
 * The budget of viewport prefetches: at most `max` per page view until the visitor interacts (scrolls, presses a
 * key, touches or clicks); hovered or focused links are intent and never count against it.
 */
export function createPrefetchBudget(max = MAX_PREFETCH_BEFORE_INTERACTION) {
  let used = 0;
  let interacted = false;
  return {
    /** may one more visible link be prefetched now? (counts it when yes) */
    take(): boolean {
      if (interacted) return true;
      if (used >= max) return false;
      used += 1;
      return true;
    },
    interact() {
      interacted = true;
    },
    get interacted() {
      return interacted;
    },
    /** a new page view (client navigation) */
    reset() {
      used = 0;
      interacted = false;
    },
  };
}

/** A link the visitor can see: laid out, not in a closed menu (hidden, inert, aria-hidden, visibility: hidden). */
export function isShown(link: HTMLElement): boolean {
  if (link.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
  if (typeof link.checkVisibility === 'function')
    return link.checkVisibility({ visibilityProperty: true, opacityProperty: true });
  return link.getClientRects().length > 0 && getComputedStyle(link).visibility !== 'hidden';
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
 * The page `link` leads to, if it is worth prefetching: one of this router's pages (same origin, inside `basename`),
 * not a file, not media, not the page shown, and not a link that opens elsewhere, downloads or changes the language.
 */
function prefetchable(link: HTMLAnchorElement, basename: string): URL | undefined {
  if (link.target || link.hasAttribute('download') || link.hasAttribute('hreflang')) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  const base = basename === '/' ? '' : basename;
  const inside =
    base === ''
      ? !url.pathname.startsWith('/en/') && url.pathname !== '/en'
      : url.pathname === base || url.pathname.startsWith(`${base}/`);
  if (!inside || /\.[a-z0-9]{2,5}$/i.test(url.pathname) || url.pathname.startsWith('/media/')) return undefined;
  if (url.pathname + url.search === window.location.pathname + window.location.search) return undefined;
  return url;
}

/** Loads pages' payloads and code chunks in the order asked, at most MAX_ROUTE_PRELOADS (5) at once. */
function createLoadQueue({ payloads, preloadChunk }: Pick<PrefetchOptions, 'payloads' | 'preloadChunk'>) {
  const queue: URL[] = [];
  let running = 0;
  const pump = () => {
    while (running < MAX_ROUTE_PRELOADS) {
      const url = queue.shift();
      if (!url) break;
      running += 1;
      void Promise.allSettled([payloads.load(url.pathname, url.search), preloadChunk(url.pathname)]).finally(() => {
        running -= 1;
        pump();
      });
    }
  };
  return (url: URL) => {
    queue.push(url);
    pump();
  };
}

/**
 * Prefetch the payload and code chunk of internal links when they are visible in the viewport (at most
 * MAX_PREFETCH_BEFORE_INTERACTION per page view until the visitor interacts) or hovered or focused, at most
 * MAX_ROUTE_PRELOADS (5) at once; each path only once per session.
 */
export function startPrefetch(options: PrefetchOptions): void {
  // never on data saver or slow (2g) connections (SPEC §9)
  if (isMetered(currentConnection())) return;

  const seen = new Set<string>();
  const enqueue = createLoadQueue(options);
  const budget = createPrefetchBudget();
  /** visible links held back by the budget: tried again once the visitor interacts */
  const deferred = new Set<HTMLAnchorElement>();

  /** Prefetch what `link` leads to, if it is wanted and the budget allows: whether it started one. */
  const request = (link: HTMLAnchorElement, intent: boolean): boolean => {
    const url = prefetchable(link, options.basename);
    if (!url || seen.has(url.pathname + url.search)) return false;
    if (!intent && !budget.take()) {
      deferred.add(link);
      return false;
    }
    seen.add(url.pathname + url.search);
    enqueue(url);
    return true;
  };

  // links that came into view, looked at while the browser is idle: isShown() may force a style recalculation, and
  // a page shows dozens of links at once (one long task at start-up otherwise). One prefetch per idle moment: each
  // starts a payload fetch and a chunk preload (a few ms), and an idle deadline allows up to 50 ms, so several in one
  // made a long task after load on a page with many links (the WGMS page: 37 ms here, four times that on a slow phone)
  const inView = new Set<HTMLAnchorElement>();
  let idleScheduled = false;
  const drain = (deadline?: IdleDeadline) => {
    idleScheduled = false;
    for (const link of inView) {
      if (deadline && deadline.timeRemaining() < 2 && !deadline.didTimeout) break;
      inView.delete(link);
      // a link in a closed menu is not visible: it waits (observed) until it is shown or hovered
      if (!link.isConnected || !isShown(link)) continue;
      visible.unobserve(link);
      if (request(link, false)) break;
    }
    if (inView.size > 0) schedule();
  };
  const schedule = () => {
    if (idleScheduled) return;
    idleScheduled = true;
    whenIdle(drain);
  };
  const visible = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const link = entry.target;
      // an SVG <a> matches `a[href]` too: not a page link to prefetch
      if (!(link instanceof HTMLAnchorElement)) {
        visible.unobserve(link);
        continue;
      }
      if (entry.isIntersecting) inView.add(link);
      else inView.delete(link);
    }
    if (inView.size > 0) schedule();
  });
  const onInteraction = () => {
    if (budget.interacted) return;
    budget.interact();
    // look again at the held-back links: those still in view are prefetched now (observed afresh, the observer
    // reports a link once more, in a coming frame; observing an observed one again does nothing)
    for (const link of deferred) {
      visible.unobserve(link);
      visible.observe(link);
    }
    deferred.clear();
  };
  for (const type of ['scroll', 'keydown', 'pointerdown', 'touchstart'])
    window.addEventListener(type, onInteraction, { passive: true });
  const scan = () =>
    options.root.querySelectorAll<HTMLAnchorElement>('a[href]').forEach((link) => visible.observe(link));
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement && options.root.contains(link)) request(link, true);
  };
  options.root.addEventListener('pointerover', onIntent, { passive: true });
  options.root.addEventListener('focusin', onIntent);
  scan();
  options.onNavigated(() => {
    // a new page view: a new budget
    budget.reset();
    deferred.clear();
    scan();
  });
}

import { afterAll, vi } from 'vitest';
import type { Clock } from '../../shared/router/context.ts';

/**
 * The one "now" of the date-dependent tests. It lies inside the sample content (events, webinars and job deadlines
 * on both sides of it, more past events than one page holds), so every branch the pages have ("upcoming", "past",
 * "closed") is exercised by the content itself, whatever today's date is.
 */
export const PINNED_NOW = new Date('2026-10-01T12:00:00Z');
/** PINNED_NOW as the loaders see "today": YYYY-MM-DD in UTC. */
export const PINNED_TODAY = PINNED_NOW.toISOString().slice(0, 10);

/** A clock for `startTestApp({ clock })`: the loaders' "now" (shared/router/context.ts). */
export const pinnedClock: Clock = () => new Date(PINNED_NOW);

/**
 * Pins `Date` for the whole test file (and only `Date`: timers and performance.now keep running), so the embedded
 * content API, which answers `when=upcoming` and `open=1` by its own clock, agrees with the loaders' clock.
 * Call at the top of the file, before the apps start.
 */
export function pinDate(now: Date = PINNED_NOW) {
  vi.useFakeTimers({ toFake: ['Date'], now });
  afterAll(() => {
    vi.useRealTimers();
  });
}

/** Where a page's field Core Web Vitals go (`navigator.sendBeacon`, same origin; server/routes/vitals.ts). */
export const VITALS_PATH = '/_vitals';

/** The largest beacon the server reads. */
export const VITALS_MAX_BYTES = 2048;

export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** The sane range of each metric: milliseconds, except CLS (a score). A value outside is junk, never counted. */
export const VITAL_RANGES: Record<VitalName, { max: number }> = {
  LCP: { max: 120_000 },
  INP: { max: 60_000 },
  CLS: { max: 10 },
  FCP: { max: 120_000 },
  TTFB: { max: 120_000 },
};

/**
 * One beacon: the page's path (its route is worked out by the server; the query is never sent), the viewport's width
 * (the device class), and the metrics known when the page was hidden, each at most once. The server reads it with its
 * zod schema (server/routes/vitals.ts): no zod here, so the browser's vitals chunk builds no schema (zod's JIT probe
 * would be a CSP violation).
 */
export interface VitalsBeacon {
  path: string;
  width: number;
  metrics: { name: VitalName; value: number }[];
}

/** The device class of a viewport width (CSS px), the label the metrics are split by: never the user agent. */
export function deviceOf(width: number): 'mobile' | 'tablet' | 'desktop' {
  if (width < 768) return 'mobile';
  if (width < 1024) return 'tablet';
  return 'desktop';
}

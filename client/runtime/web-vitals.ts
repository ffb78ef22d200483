import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { VITALS_PATH, type VitalName, type VitalsBeacon } from '../../shared/web-vitals.ts';

/**
 * Field Core Web Vitals of this page view (the `web-vitals` library), sent to the BFF in one beacon when the page is
 * hidden (server/routes/vitals.ts): LCP, INP, CLS, FCP and TTFB as known then, the landing page's path (its route
 * is the label; no query is sent) and the viewport's width (the device class). Started at the load event
 * (client/app.tsx): the library's observers read the entries buffered before. The beacon bypasses the service worker
 * (client/sw/sw.ts), which would otherwise hold it past the page's end (ADR 0119).
 */
export function reportWebVitals(path: string): void {
  const pending = new Map<VitalName, number>();
  const record = (metric: Metric) => pending.set(metric.name, metric.value);
  onLCP(record);
  // every change, not only the value reported as the page is hidden: the library measures an interaction in an idle
  // callback, and one that is still waiting when the page is hidden updates INP after the library's report on hiding
  // (a reader who leaves right after a click); the beacon then still carries it
  onINP(record, { reportAllChanges: true });
  onCLS(record);
  onFCP(record);
  onTTFB(record);
  const flush = () => {
    if (pending.size === 0) return;
    const beacon: VitalsBeacon = {
      path,
      width: Math.max(1, Math.round(window.innerWidth)),
      metrics: [...pending].map(([name, value]) => ({ name, value })),
    };
    pending.clear();
    navigator.sendBeacon(VITALS_PATH, JSON.stringify(beacon));
  };
  // the library reports its final values when the page is hidden; its listeners were added first, so they run first
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  // a mark for diagnostics and tests: this page view reports its vitals
  document.documentElement.dataset.vitals = 'reporting';
}

import { Histogram, type Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import type { VitalName } from '../../../shared/web-vitals.ts';

/** Seconds: around the "good" and "poor" thresholds of LCP (2.5, 4), INP (0.2, 0.5), FCP (1.8, 3), TTFB (0.8, 1.8). */
const TIME_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.8, 2.5, 3, 4, 6, 10, 20];
/** CLS: around its thresholds (0.1, 0.25). */
const SHIFT_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1];

/**
 * Field Core Web Vitals from visitors' beacons (server/routes/vitals.ts): one histogram per metric, labelled by route
 * id and device class. Times in seconds (the beacons' milliseconds / 1000), CLS as its score.
 */
export function vitalsMetrics(app: FastifyInstance, registry: Registry) {
  const histogram = (name: string, help: string, buckets: number[]) =>
    new Histogram({ name, help, labelNames: ['route', 'device'] as const, buckets, registers: [registry] });
  const histograms: Record<VitalName, Histogram<'route' | 'device'>> = {
    LCP: histogram('web_vitals_lcp_seconds', 'Largest Contentful Paint reported by visitors', TIME_BUCKETS),
    INP: histogram('web_vitals_inp_seconds', 'Interaction to Next Paint reported by visitors', TIME_BUCKETS),
    CLS: histogram('web_vitals_cls', 'Cumulative Layout Shift reported by visitors', SHIFT_BUCKETS),
    FCP: histogram('web_vitals_fcp_seconds', 'First Contentful Paint reported by visitors', TIME_BUCKETS),
    TTFB: histogram('web_vitals_ttfb_seconds', 'Time to First Byte reported by visitors', TIME_BUCKETS),
  };
  app.decorate('observeVital', (name: VitalName, value: number, labels: { route: string; device: string }) =>
    histograms[name].observe(labels, name === 'CLS' ? value : value / 1000),
  );
}

import { Counter, type Registry } from 'prom-client';

/**
 * A counter that mirrors monotonic counts kept elsewhere, read at scrape time from a record of counts: one label value
 * per key (or one unlabelled count).
 */
export function mirrorCounter(
  registry: Registry,
  name: string,
  help: string,
  label: string | undefined,
  read: () => Partial<Record<string, number>>,
) {
  return new Counter({
    name,
    help,
    labelNames: label ? [label] : [],
    registers: [registry],
    collect() {
      this.reset();
      for (const [key, value = 0] of Object.entries(read())) this.inc(label ? { [label]: key } : {}, value);
    },
  });
}

/** The buckets of request and render durations, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

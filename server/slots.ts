import { channel } from 'node:diagnostics_channel';
import pLimit from 'p-limit';

/** What a bounded pipeline holds: the jobs running and those waiting their turn. */
export interface InFlight {
  running: number;
  waiting: number;
}

export interface Slots {
  /** Wait for a free slot; the slot is held until `release` is called (once; later calls do nothing). */
  acquire(): Promise<() => void>;
  /** Run `job` in a slot, released when it settles. */
  run<T>(job: () => Promise<T>): Promise<T>;
}

/**
 * At most `concurrency` jobs at once (p-limit), the others waiting in order. The diagnostics channel `name` is told
 * `{ running, waiting }` whenever a job is queued, starts or ends (`node:diagnostics_channel`; nothing is published
 * without a subscriber): what the pipeline holds in flight.
 */
export function createSlots(concurrency: number, name: string): Slots {
  const limit = pLimit(concurrency);
  const told = channel(name);
  const state: InFlight = { running: 0, waiting: 0 };
  const tell = () => told.hasSubscribers && told.publish({ ...state });
  const acquire = () =>
    new Promise<() => void>((granted) => {
      state.waiting += 1;
      tell();
      void limit(
        () =>
          new Promise<void>((freed) => {
            state.waiting -= 1;
            state.running += 1;
            tell();
            let held = true;
            granted(() => {
              if (!held) return;
              held = false;
              state.running -= 1;
              tell();
              freed();
            });
          }),
      );
    });
  return {
    acquire,
    async run(job) {
      const release = await acquire();
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}

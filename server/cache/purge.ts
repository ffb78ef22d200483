import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { z } from 'zod';
import { inSpan } from '../tracing/spans.ts';
import type { SharedStore } from './redis.ts';
import type { Purgeable } from './two-level.ts';
import { safeJson } from '../../shared/json.ts';

/** What to purge, for every cache, in every process: surrogate keys (tags) and whether to mark stale only. */
export interface PurgeOrder {
  tags: readonly string[];
  soft: boolean;
}

/** What one purge did, summed over every process that confirmed it. */
export interface PurgeResult {
  /** memory entries dropped or marked stale, in every process */
  l1: number;
  /** Redis entries dropped or marked stale */
  l2: number;
  /** processes that applied it (this one included) */
  processes: number;
  /** false when a process that received it did not confirm in time */
  complete: boolean;
}

/** One purge as it travels between processes: the order and the Redis keys it dropped (for the others' memory). */
const PurgeMessage = z.object({
  id: z.string(),
  from: z.string(),
  tags: z.array(z.string()),
  soft: z.boolean(),
  keys: z.array(z.string()),
});
type PurgeMessage = z.infer<typeof PurgeMessage>;

const PurgeAck = z.object({ id: z.string(), from: z.string(), l1: z.number() });

/** How the other replicas hear of a purge and confirm it (through Redis; a lone process has no one to tell). */
export interface PurgeBus {
  /** Start hearing other processes' purges; `apply` returns the memory entries it dropped. */
  listen(apply: (message: PurgeMessage) => number): Promise<void>;
  /** Send a purge to every other process and wait (bounded) for their confirmations. */
  broadcast(message: PurgeMessage): Promise<{ acks: number[]; expected: number }>;
  close(): void;
}

/** How long a purge waits for the other processes to confirm before it answers `complete: false`. */
const PURGE_ACK_TIMEOUT_MS = 2000;

/** Collects the confirmations of one purge until `expected` (set once known) have come, or the deadline. */
function collector(timeoutMs: number) {
  const acks: number[] = [];
  let expected = Number.POSITIVE_INFINITY;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const timer = setTimeout(done, timeoutMs);
  const check = () => acks.length >= expected && done();
  return {
    add(l1: number) {
      acks.push(l1);
      check();
    },
    expect(n: number) {
      expected = n;
      check();
    },
    async wait() {
      await finished;
      clearTimeout(timer);
      return { acks, expected: Number.isFinite(expected) ? expected : acks.length + 1 };
    },
  };
}

/**
 * With Redis: every process subscribes to `purge`; the sender counts the subscribers that got it (PUBLISH's answer,
 * itself included) and waits for each other one's confirmation on `purge-ack`.
 */
function redisBus(store: SharedStore, self: string): PurgeBus {
  const waiting = new Map<string, ReturnType<typeof collector>>();
  return {
    async listen(apply) {
      await store.subscribe('purge-ack', (text) => {
        const ack = PurgeAck.safeParse(safeJson(text));
        if (ack.success && ack.data.from !== self) waiting.get(ack.data.id)?.add(ack.data.l1);
      });
      await store.subscribe('purge', (text) => {
        const message = PurgeMessage.safeParse(safeJson(text));
        if (!message.success || message.data.from === self) return;
        const l1 = apply(message.data);
        void store.publish('purge-ack', JSON.stringify({ id: message.data.id, from: self, l1 })).catch(() => {});
      });
    },
    async broadcast(message) {
      // registered first: a confirmation may come before PUBLISH answers
      const wait = collector(PURGE_ACK_TIMEOUT_MS);
      waiting.set(message.id, wait);
      try {
        const received = await store.publish('purge', JSON.stringify(message));
        wait.expect(Math.max(0, received - 1));
        return await wait.wait();
      } finally {
        waiting.delete(message.id);
      }
    },
    close() {
      waiting.clear();
    },
  };
}

/** A single process: nobody else to tell. */
const aloneBus = (): PurgeBus => ({
  listen: async () => {},
  broadcast: async () => ({ acks: [], expected: 0 }),
  close: () => {},
});

/** Monotonic counters of purges (Prometheus mirrors them). */
export interface PurgeCounters {
  /** purges by result: ok, partial, error */
  results: Record<string, number>;
  /** webhook calls refused, by reason (the route counts them: unauthorized, invalid, rate_limited) */
  refused: Record<string, number>;
  /** entries purged per layer, by this process (l1: its memory; l2: Redis, counted by the process that purged it) */
  entries: { l1: number; l2: number };
}

/**
 * One purge for every cache of every process: Redis first (its index names the entries, and its generation stops
 * fills in flight everywhere), then this process's memory, then the other processes', which confirm.
 */
export class Purger {
  readonly counters: PurgeCounters = { results: {}, refused: {}, entries: { l1: 0, l2: 0 } };
  private readonly self = randomUUID();
  readonly bus: PurgeBus;

  constructor(
    private readonly caches: () => Iterable<Purgeable>,
    private readonly store: SharedStore | undefined,
    private readonly log: Logger,
  ) {
    this.bus = store ? redisBus(store, this.self) : aloneBus();
  }

  /** Hear the other processes' purges. */
  listen(): Promise<void> {
    return this.bus.listen((message) => {
      const l1 = this.applyLocal(message.tags, message.keys, message.soft);
      this.log.debug({ purge: { id: message.id, tags: message.tags, soft: message.soft, l1 } }, 'cache purge applied');
      return l1;
    });
  }

  /**
   * Purge every layer this process can reach. A layer that fails (Redis down) does not stop the others: its error is
   * in `failed`, and the caller answers that the purge must be tried again.
   */
  purge(order: PurgeOrder): Promise<PurgeResult & { failed?: unknown }> {
    return inSpan('purge fan-out', { 'app.purge.tags': order.tags.length, 'app.purge.soft': order.soft }, () =>
      this.fanOut(order),
    );
  }

  private async fanOut(order: PurgeOrder): Promise<PurgeResult & { failed?: unknown }> {
    const id = randomUUID();
    let failed: unknown;
    const keys = this.store
      ? await this.store.purge(order.tags, order.soft).catch((err: unknown) => {
          failed = err;
          return [];
        })
      : [];
    this.counters.entries.l2 += keys.length;
    const local = this.applyLocal(order.tags, keys, order.soft);
    const message = { id, from: this.self, tags: [...order.tags], soft: order.soft, keys };
    const { acks, expected } = await this.bus.broadcast(message).catch((err: unknown) => {
      failed ??= err;
      return { acks: [], expected: 1 };
    });
    const result = {
      l1: local + acks.reduce((n, l1) => n + l1, 0),
      l2: keys.length,
      processes: 1 + acks.length,
      complete: failed === undefined && acks.length >= expected,
      ...(failed === undefined ? {} : { failed }),
    };
    this.count(failed !== undefined ? 'error' : result.complete ? 'ok' : 'partial');
    return result;
  }

  private count(result: string) {
    this.counters.results[result] = (this.counters.results[result] ?? 0) + 1;
  }

  /** A webhook call refused before any purge. */
  refused(reason: string) {
    this.counters.refused[reason] = (this.counters.refused[reason] ?? 0) + 1;
  }

  private applyLocal(tags: readonly string[], l2keys: readonly string[], soft: boolean): number {
    let l1 = 0;
    for (const cache of this.caches()) {
      const keys = l2keys.flatMap((k) => {
        const key = cache.fromL2Key(k);
        return key === undefined ? [] : [key];
      });
      l1 += cache.purgeLocal(tags, keys, soft).l1;
    }
    this.counters.entries.l1 += l1;
    return l1;
  }
}

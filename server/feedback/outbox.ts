import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { LOCALES } from '../../shared/constants.ts';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/offline.ts';
import { FeedbackSchema } from '../../shared/schemas/feedback.ts';
import { safeJson } from '../../shared/json.ts';

const OutboxEntrySchema = z.object({
  /** the idempotency key sent with every delivery attempt */
  key: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
  locale: z.enum(LOCALES),
  body: FeedbackSchema,
  created_at: z.string(),
});
export type OutboxEntry = z.infer<typeof OutboxEntrySchema>;

/** What one delivery attempt came to: accepted, refused for good (a 4xx), or worth another try later. */
export type DeliveryOutcome = 'delivered' | 'rejected' | 'retry';

export interface OutboxOptions {
  /** folder of pending submissions, one JSON file each ({DATA_DIR}/outbox) */
  dir: string;
  deliver: (entry: OutboxEntry) => Promise<DeliveryOutcome>;
  log: FastifyBaseLogger;
  /** first pause before a re-delivery; doubled per failed attempt up to MAX_DELAY_MS */
  baseDelayMs?: number;
}

export interface Outbox {
  /**
   * store durably (written and fsync'ed, then renamed into place), then schedule a delivery; a key already kept (or
   * being written) is kept once: the first entry stays, with its schedule
   */
  add(entry: OutboxEntry): Promise<void>;
  /** load what an earlier process left and schedule it */
  start(): Promise<void>;
  close(): Promise<void>;
  pending(): number;
  /** 'delivered' | 'rejected' (key) after each outcome */
  events: EventEmitter;
}

/** The longest pause between two re-deliveries. */
const MAX_DELAY_MS = 5 * 60_000;

/**
 * The feedback outbox (ADR 0023): a submission the upstream did not take (error, 5xx, time-out, breaker open) is kept
 * as `{dir}/{key}.json` and re-delivered with its `Idempotency-Key` and exponential backoff until the upstream
 * accepts it (file removed) or refuses it for good (moved to `{dir}/rejected/`, logged). It survives restarts.
 */
export function createOutbox(options: OutboxOptions): Outbox {
  const base = options.baseDelayMs ?? 1000;
  const rejectedDir = join(options.dir, 'rejected');
  mkdirSync(rejectedDir, { recursive: true });
  const entries = new Map<string, { entry: OutboxEntry; attempts: number; timer?: NodeJS.Timeout }>();
  // adds whose file is still being written, by key: a second add of the key waits for the first
  const adding = new Map<string, Promise<void>>();
  const inflight = new Set<Promise<void>>();
  const events = new EventEmitter();
  let closed = false;

  const fileOf = (key: string) => join(options.dir, `${key}.json`);

  async function writeDurably(file: string, text: string) {
    const tmp = `${file}.tmp`;
    const handle = await open(tmp, 'w');
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    const dir = await open(options.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  function schedule(key: string, delayMs: number) {
    const slot = entries.get(key);
    if (!slot || closed) return;
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => {
      const run = attempt(key).finally(() => inflight.delete(run));
      inflight.add(run);
    }, delayMs);
    slot.timer.unref();
  }

  async function attempt(key: string) {
    const slot = entries.get(key);
    if (!slot || closed) return;
    let outcome: DeliveryOutcome;
    try {
      outcome = await options.deliver(slot.entry);
    } catch (err) {
      options.log.debug({ err, outbox: { key } }, 'feedback re-delivery failed');
      outcome = 'retry';
    }
    slot.attempts += 1;
    if (outcome === 'delivered') {
      entries.delete(key);
      await unlink(fileOf(key)).catch(() => undefined);
      options.log.info({ outbox: { key, attempts: slot.attempts } }, 'feedback delivered from the outbox');
      events.emit('delivered', key);
    } else if (outcome === 'rejected') {
      entries.delete(key);
      await rename(fileOf(key), join(rejectedDir, `${key}.json`)).catch(() => undefined);
      options.log.error({ outbox: { key, attempts: slot.attempts } }, 'feedback refused by the upstream; kept aside');
      events.emit('rejected', key);
    } else {
      schedule(key, Math.min(MAX_DELAY_MS, base * 2 ** Math.min(slot.attempts - 1, 20)));
    }
  }

  return {
    events,
    pending: () => entries.size,
    add(entry) {
      const { key } = entry;
      if (entries.has(key)) return Promise.resolve();
      const pending = adding.get(key);
      if (pending) return pending;
      const write = writeDurably(fileOf(key), JSON.stringify(entry))
        .then(() => {
          entries.set(key, { entry, attempts: 0 });
          schedule(key, base);
        })
        .finally(() => adding.delete(key));
      adding.set(key, write);
      return write;
    },
    async start() {
      for (const name of await readdir(options.dir)) {
        if (!name.endsWith('.json')) continue;
        const text = await readFile(join(options.dir, name), 'utf8').catch(() => '');
        const parsed = OutboxEntrySchema.safeParse(safeJson(text));
        if (!parsed.success) {
          options.log.error({ outbox: { file: name } }, 'unreadable outbox entry; kept aside');
          await rename(join(options.dir, name), join(rejectedDir, name)).catch(() => undefined);
          continue;
        }
        if (entries.has(parsed.data.key)) continue;
        entries.set(parsed.data.key, { entry: parsed.data, attempts: 0 });
        schedule(parsed.data.key, 0);
      }
      if (entries.size > 0) options.log.info({ outbox: { pending: entries.size } }, 'feedback outbox loaded');
    },
    async close() {
      closed = true;
      for (const slot of entries.values()) clearTimeout(slot.timer);
      await Promise.all(inflight);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Feedback } from '../shared/schemas/feedback.ts';

/** A line of the file: what `append` wrote, read back checked (the file outlives the process that wrote it). */
const StoredLine = z.object({
  name: z.string(),
  email: z.string(),
  feedback_type_id: z.number(),
  message: z.string(),
  id: z.string(),
  created_at: z.string(),
  locale: z.string(),
  /** the client's Idempotency-Key, when it sent one */
  idempotency_key: z.string().optional(),
});
type StoredFeedback = z.output<typeof StoredLine>;

/**
 * Feedback submissions as JSON lines in `{dataDir}/feedbacks.jsonl`. Each append is fsync'ed before the answer, and
 * appends are queued one after another, so an accepted submission survives a crash or restart.
 */
export function createFeedbackStore(dataDir: string) {
  const file = join(dataDir, 'feedbacks.jsonl');
  let queue: Promise<unknown> = mkdir(dataDir, { recursive: true });
  // Idempotency-Key → the record stored for it; filled from the file once, so keys survive a restart
  let byKey: Map<string, Promise<StoredFeedback>> | undefined;

  async function keys(): Promise<Map<string, Promise<StoredFeedback>>> {
    if (!byKey) {
      const map = new Map<string, Promise<StoredFeedback>>();
      for (const record of await all())
        if (record.idempotency_key) map.set(record.idempotency_key, Promise.resolve(record));
      byKey ??= map;
    }
    return byKey;
  }

  /**
   * Store a submission once per idempotency key: a repeated key answers the record stored the first time (also
   * while that first write is still in progress), and `replayed` says so.
   */
  async function appendOnce(
    feedback: Feedback,
    locale: string,
    key: string,
  ): Promise<{ record: StoredFeedback; replayed: boolean }> {
    const map = await keys();
    const known = map.get(key);
    if (known) return { record: await known, replayed: true };
    const write = append(feedback, locale, key);
    map.set(key, write);
    write.catch(() => map.delete(key));
    return { record: await write, replayed: false };
  }

  async function append(feedback: Feedback, locale: string, key?: string): Promise<StoredFeedback> {
    const record: StoredFeedback = {
      id: randomUUID(),
      created_at: new Date().toISOString(),
      locale,
      ...feedback,
      ...(key ? { idempotency_key: key } : {}),
    };
    const write = queue.then(async () => {
      const handle = await open(file, 'a');
      try {
        await handle.appendFile(`${JSON.stringify(record)}\n`, 'utf8');
        await handle.datasync();
      } finally {
        await handle.close();
      }
    });
    queue = write.catch(() => undefined);
    await write;
    return record;
  }

  async function all(): Promise<StoredFeedback[]> {
    await queue;
    const text = await readFile(file, 'utf8').catch(() => '');
    return text
      .split('\n')
      .filter(Boolean)
      .map((line) => StoredLine.parse(JSON.parse(line)));
  }

  return { append, appendOnce, all };
}
export type FeedbackStore = ReturnType<typeof createFeedbackStore>;

import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Feedback } from '../../shared/schemas/feedback.ts';

export interface StoredFeedback extends Feedback {
  id: string;
  created_at: string;
  locale: string;
}

/**
 * Feedback submissions as JSON lines in `{dataDir}/feedbacks.jsonl`. Each append is fsync'ed before the answer, and
 * appends are queued one after another, so an accepted submission survives a crash or restart.
 */
export function createFeedbackStore(dataDir: string) {
  const file = join(dataDir, 'feedbacks.jsonl');
  let queue: Promise<unknown> = mkdir(dataDir, { recursive: true });

  async function append(feedback: Feedback, locale: string): Promise<StoredFeedback> {
    const record: StoredFeedback = { id: randomUUID(), created_at: new Date().toISOString(), locale, ...feedback };
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
      .map((line) => JSON.parse(line) as StoredFeedback);
  }

  return { file, append, all };
}
export type FeedbackStore = ReturnType<typeof createFeedbackStore>;

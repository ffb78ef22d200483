import cluster, { type Worker } from 'node:cluster';
import { afterEach, describe, expect, it } from 'vitest';
import { relayPurges } from '../../../../server/cache/purge.ts';

/**
 * The cluster primary's relay (WORKERS > 1 without Redis), driven through node:cluster's own events with stand-in
 * workers: a worker still starting (not yet listening) is not waited for, so a purge during a start confirms at once.
 */
interface SentTo {
  worker: Worker;
  sent: unknown[];
}

function standIn(id: number): SentTo {
  const sent: unknown[] = [];
  const worker = { id, isConnected: () => true, send: (message: unknown) => sent.push(message) } as unknown as Worker;
  return { worker, sent };
}

const purge = (id: string) => ({
  type: 'glacier:purge',
  message: { id, from: 'worker-1', tags: ['news:x'], soft: false, keys: [] },
});

const listenersBefore = {
  listening: cluster.listeners('listening'),
  exit: cluster.listeners('exit'),
  message: cluster.listeners('message'),
};
const workersBefore = cluster.workers;
/** node:cluster's table of workers (read-only in its types; a plain property of the primary's module). */
const setWorkers = (workers: typeof cluster.workers) =>
  Object.defineProperty(cluster, 'workers', { value: workers, configurable: true, writable: true });

afterEach(() => {
  for (const event of ['listening', 'exit', 'message'] as const)
    for (const listener of cluster.listeners(event))
      if (!listenersBefore[event].includes(listener)) cluster.off(event, listener as () => void);
  setWorkers(workersBefore);
});

describe('relayPurges (the cluster primary)', () => {
  it('waits only for workers that listen: one still starting neither gets the purge nor holds it up', async () => {
    const first = standIn(1);
    const second = standIn(2);
    setWorkers({ 1: first.worker, 2: second.worker });
    // a long deadline: a purge that waited for the starting worker would not answer within the poll
    relayPurges(60_000);
    cluster.emit('listening', first.worker, { address: '127.0.0.1', port: 1, addressType: 4 });

    cluster.emit('message', first.worker, purge('p1'));
    expect(second.sent).toEqual([]);
    await expect.poll(() => first.sent).toContainEqual({ type: 'glacier:purge-done', id: 'p1', acks: [], expected: 0 });

    // once it listens, it is told and waited for
    cluster.emit('listening', second.worker, { address: '127.0.0.1', port: 1, addressType: 4 });
    cluster.emit('message', first.worker, purge('p2'));
    expect(second.sent).toEqual([purge('p2')]);
    cluster.emit('message', second.worker, { type: 'glacier:purge-ack', id: 'p2', l1: 3 });
    await expect
      .poll(() => first.sent)
      .toContainEqual({ type: 'glacier:purge-done', id: 'p2', acks: [3], expected: 1 });
  });
});

import { isRecord } from '../../json.ts';
import type { PageMessage, SaveResult } from '../../offline.ts';

/** The service worker in charge of this page, if any (browser only). */
export const activeWorker = async (): Promise<ServiceWorker | undefined> =>
  typeof navigator === 'undefined' || !('serviceWorker' in navigator)
    ? undefined
    : ((await navigator.serviceWorker.getRegistration())?.active ?? undefined);

/** Ask the worker something and wait for its answer (a MessageChannel); rejects without a worker. */
export async function askWorker(message: PageMessage): Promise<SaveResult> {
  const worker = await activeWorker();
  if (!worker) throw new Error('no service worker is active');
  return new Promise<SaveResult>((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      const answer = event.data;
      if (isRecord(answer) && typeof answer.saved === 'number' && Array.isArray(answer.failed))
        resolve({ saved: answer.saved, failed: answer.failed.filter((url): url is string => typeof url === 'string') });
      else reject(new Error('the service worker answered something else'));
    };
    worker.postMessage(message, [channel.port2]);
  });
}

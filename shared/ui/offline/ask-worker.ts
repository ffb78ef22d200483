import { isRecord } from '../../json.ts';
import {
  refusedFeedbackOf,
  type ForgetMessage,
  type PageMessage,
  type RefusedFeedback,
  type RefusedMessage,
  type SaveResult,
} from '../../offline.ts';

/** The service worker in charge of this page, if any (browser only). */
export const activeWorker = async (): Promise<ServiceWorker | undefined> =>
  typeof navigator === 'undefined' || !('serviceWorker' in navigator)
    ? undefined
    : ((await navigator.serviceWorker.getRegistration())?.active ?? undefined);

/** Send the worker a message and wait for its answer (a MessageChannel); rejects without a worker. */
async function ask(message: PageMessage): Promise<unknown> {
  const worker = await activeWorker();
  if (!worker) throw new Error('no service worker is active');
  return new Promise<unknown>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<unknown>) => resolve(event.data);
    worker.postMessage(message, [channel.port2]);
  });
}

/** Ask the worker to keep (or tell what it keeps of) URLs, or to send kept feedback: what it keeps. */
export async function askWorker(message: PageMessage): Promise<SaveResult> {
  const answer = await ask(message);
  if (isRecord(answer) && typeof answer.saved === 'number' && Array.isArray(answer.failed))
    return { saved: answer.saved, failed: answer.failed.filter((url): url is string => typeof url === 'string') };
  throw new Error('the service worker answered something else');
}

/** The feedback posts the server refused after the worker kept them offline (after forgetting one, when asked). */
export async function askRefused(message: RefusedMessage | ForgetMessage): Promise<RefusedFeedback[]> {
  const answer = await ask(message);
  if (!isRecord(answer) || !Array.isArray(answer.refused))
    throw new Error('the service worker answered something else');
  return answer.refused.flatMap((item: unknown) => refusedFeedbackOf(item) ?? []);
}

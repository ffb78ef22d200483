import { SERVICE_WORKER_PATH, type KitMessage, type PageMessage } from '../../shared/offline.ts';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import { askRefused, askWorker } from '../../shared/ui/offline/ask-worker.ts';
import { reportError } from '../../shared/ui/report.ts';
import { currentConnection, isMetered } from './connection.ts';

/**
 * The page's side of the service worker (client/sw/sw.ts): registered once the page is idle after hydration (a chunk
 * of its own, off the first load); every page view tells it the reader's language and connection, and asks it to
 * send feedback kept offline, again whenever the connection comes back. With the worker switched off (runtime config),
 * nothing is registered: the browser checks a registered worker's script on each document load, and the server's
 * worker then removes itself.
 */
export async function startServiceWorker(
  config: Pick<RuntimeConfig, 'serviceWorker' | 'locale' | 'buildTimestamp'>,
): Promise<void> {
  if (!('serviceWorker' in navigator) || !config.serviceWorker) return;
  await navigator.serviceWorker.register(SERVICE_WORKER_PATH, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const tell = (message: PageMessage) => registration.active?.postMessage(message);
  const kit: KitMessage = {
    type: 'kit',
    locale: config.locale,
    metered: isMetered(currentConnection()),
    dpr: window.devicePixelRatio || 1,
    buildTimestamp: config.buildTimestamp,
  };
  tell(kit);
  // a new worker (a new build) took over: it keeps its own kit
  navigator.serviceWorker.addEventListener('controllerchange', () => tell(kit));
  if (navigator.onLine) sendKeptFeedback(config.locale);
  else showRefused(config.locale);
  window.addEventListener('online', () => sendKeptFeedback(config.locale));
}

/**
 * Posts kept offline that the server refused: each shown once per page view in a notice, in the page's language, with
 * the reader's text (its code loads only then).
 */
function showRefused(locale: RuntimeConfig['locale']): void {
  askRefused({ type: 'refused-feedback' })
    .then(async (refused) => {
      if (refused.length === 0) return;
      const { showRefusedFeedback } = await import('./refused-feedback.ts');
      showRefusedFeedback(refused, locale, (id) => askRefused({ type: 'forget-feedback', id }));
    })
    .catch((err: unknown) => reportError('refused feedback could not be read', err));
}

/** The next attempt at sending kept feedback, while the worker still keeps some. */
let retry: ReturnType<typeof setTimeout> | undefined;

/**
 * Ask the worker to send the feedback it keeps. The connection may come back in stages (the page online before the
 * network is): while posts are left and the page is online, ask again after 2 s, doubling up to a minute.
 */
function sendKeptFeedback(locale: RuntimeConfig['locale'], delay = 2000): void {
  clearTimeout(retry);
  askWorker({ type: 'replay-feedback' }).then(
    ({ failed }) => {
      showRefused(locale);
      if (failed.length > 0 && navigator.onLine)
        retry = setTimeout(() => sendKeptFeedback(locale, Math.min(delay * 2, 60_000)), delay);
    },
    (err: unknown) => reportError('kept feedback could not be sent', err),
  );
}

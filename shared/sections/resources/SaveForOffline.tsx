import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';
import { activeWorker, askWorker } from '../../ui/offline/ask-worker.ts';
import { reportError } from '../../ui/report.ts';

type State =
  | { kind: 'unavailable' }
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; count: number }
  | { kind: 'failed'; count: number; total: number };

/**
 * "Save for offline": the service worker keeps the given URLs (the page, its payloads, its data files) until the next
 * build. Shown only where a worker runs the page (nothing without one, and nothing in the server's HTML); says when
 * everything is kept already.
 */
export function SaveForOffline({ urls }: { urls: readonly string[] }) {
  const { t } = useI18n();
  const [state, setState] = useState<State>({ kind: 'unavailable' });
  const key = urls.join('\n');

  useEffect(() => {
    let current = true;
    activeWorker()
      .then(async (worker) => {
        if (!worker) return;
        const kept = await askWorker({ type: 'saved?', urls: key.split('\n') });
        if (current) setState(kept.failed.length === 0 ? { kind: 'saved', count: kept.saved } : { kind: 'idle' });
      })
      .catch((err: unknown) => reportError('saved copies could not be checked', err));
    return () => {
      current = false;
    };
  }, [key]);

  if (state.kind === 'unavailable') return null;

  const save = () => {
    setState({ kind: 'saving' });
    askWorker({ type: 'save', urls: [...urls] }).then(
      (result) =>
        setState(
          result.failed.length === 0
            ? { kind: 'saved', count: result.saved }
            : { kind: 'failed', count: result.failed.length, total: urls.length },
        ),
      (err: unknown) => {
        reportError('saving for offline failed', err);
        setState({ kind: 'failed', count: urls.length, total: urls.length });
      },
    );
  };

  return (
    <section className="save-offline" aria-labelledby="save-offline-title">
      <h2 id="save-offline-title" className="save-offline__title">
        {t('wgms.offline.title')}
      </h2>
      <p>{t('wgms.offline.text')}</p>
      <button
        type="button"
        className="button save-offline__button"
        onClick={save}
        disabled={state.kind === 'saving'}
        aria-describedby="save-offline-status"
      >
        {state.kind === 'saving'
          ? t('wgms.offline.saving')
          : state.kind === 'saved'
            ? t('wgms.offline.again')
            : t('wgms.offline.save')}
      </button>
      <p id="save-offline-status" className={`save-offline__status save-offline__status--${state.kind}`} role="status">
        {state.kind === 'saved'
          ? t('wgms.offline.saved', { count: state.count })
          : state.kind === 'failed'
            ? t('wgms.offline.failed', { count: state.count, total: state.total })
            : ''}
      </p>
    </section>
  );
}

import { useState, useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';

type CopyState = 'idle' | 'copied' | 'failed';

const noSubscription = () => () => {};
/** Whether this browser can copy to the clipboard: false on the server and while hydrating, so the markup matches. */
const useCanCopy = () =>
  useSyncExternalStore(
    noSubscription,
    () => typeof navigator !== 'undefined' && !!navigator.clipboard,
    () => false,
  );

/**
 * A citation to copy: the text, selectable as it is (it works without JavaScript), and once the page is live a button
 * that copies it to the clipboard, saying whether it did (a live region). `parts` are the pieces of the text, each in
 * its own language where that is not the page's (an English reference on a Russian page).
 */
export function CitationBlock({ parts }: { parts: { text: string; lang?: string }[] }) {
  const { t } = useI18n();
  const canCopy = useCanCopy();
  const [state, setState] = useState<CopyState>('idle');
  const text = parts.map((p) => p.text).join(' ');
  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  return (
    <figure className="citation">
      <figcaption className="visually-hidden">{t('dataset.cite.label')}</figcaption>
      <blockquote className="citation__text">
        <p>
          {parts.map((p, i) => (
            <span key={i} lang={p.lang}>
              {i > 0 ? ' ' : ''}
              {p.text}
            </span>
          ))}
        </p>
      </blockquote>
      {canCopy ? (
        <button type="button" className="button button--light citation__copy" onClick={copy}>
          {t('dataset.cite.copy')}
        </button>
      ) : null}
      <p className="citation__status" role="status">
        {state === 'copied' ? t('dataset.cite.copied') : state === 'failed' ? t('dataset.cite.failed') : ''}
      </p>
    </figure>
  );
}

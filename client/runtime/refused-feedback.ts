import { LOCALE_INFO } from '../../shared/locales.ts';
import { FEEDBACK_PATH } from '../../shared/feedback.ts';
import type { RefusedFeedback } from '../../shared/offline.ts';
import type { Locale } from '../../shared/constants.ts';
import { reportError } from '../../shared/ui/report.ts';

/** What the notice of a refused post says, in the page's language. */
export const REFUSED_FEEDBACK_TEXT: Record<
  Locale,
  { title: string; text: string; label: string; copy: string; copied: string; again: string; close: string }
> = {
  ru: {
    title: 'Сообщение не доставлено',
    text: 'Сообщение, которое вы написали без сети, сайт получил, но не смог принять. Ваш текст сохранён ниже: скопируйте его и отправьте ещё раз.',
    label: 'Ваш текст',
    copy: 'Скопировать текст',
    copied: 'Текст скопирован',
    again: 'Написать снова',
    close: 'Закрыть',
  },
  en: {
    title: 'Message not delivered',
    text: 'The message you wrote offline reached the site but could not be accepted. Your text is kept below: copy it and send it again.',
    label: 'Your text',
    copy: 'Copy the text',
    copied: 'Text copied',
    again: 'Write again',
    close: 'Close',
  },
};

/** The notices on this page, by post: one each. */
const shown = new Set<string>();

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

/**
 * A notice for each feedback post the server refused after the service worker kept it offline: what happened, the
 * reader's text in a read-only field to copy, a link to write again, and Close, which makes the worker forget the post.
 * Outside the React tree (after the body's app), so client navigation leaves it alone; in the page's language.
 */
export function showRefusedFeedback(
  refused: readonly RefusedFeedback[],
  locale: Locale,
  forget: (id: string) => Promise<unknown>,
): void {
  const text = REFUSED_FEEDBACK_TEXT[locale];
  for (const post of refused) {
    if (shown.has(post.id)) continue;
    shown.add(post.id);
    const id = `refused-feedback-${shown.size}`;
    const field = element('textarea', { id: `${id}-text`, readOnly: true, rows: 4, value: post.message });
    const status = element('p', { className: 'refused-feedback__status' });
    status.setAttribute('role', 'status');
    const copy = element('button', { type: 'button', className: 'button button--light' }, text.copy);
    copy.addEventListener('click', () => {
      field.select();
      navigator.clipboard?.writeText(post.message).then(
        () => (status.textContent = text.copied),
        (err: unknown) => reportError('refused feedback could not be copied', err),
      );
    });
    const close = element('button', { type: 'button', className: 'button' }, text.close);
    const notice = element(
      'section',
      { className: 'refused-feedback', id },
      element('h2', { id: `${id}-title`, className: 'refused-feedback__title' }, text.title),
      element('p', {}, text.text),
      element('label', { htmlFor: field.id, className: 'refused-feedback__label' }, text.label),
      field,
      element(
        'div',
        { className: 'refused-feedback__actions' },
        copy,
        element('a', { href: `${LOCALE_INFO[locale].basename}${FEEDBACK_PATH}`, className: 'button' }, text.again),
        close,
      ),
      status,
    );
    notice.setAttribute('role', 'region');
    notice.setAttribute('aria-labelledby', `${id}-title`);
    close.addEventListener('click', () => {
      notice.remove();
      forget(post.id).catch((err: unknown) => reportError('refused feedback could not be forgotten', err));
    });
    document.body.append(notice);
  }
}

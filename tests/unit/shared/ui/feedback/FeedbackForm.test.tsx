import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../../shared/constants.ts';
import { en, ru } from '../../../../../shared/i18n/messages.ts';
import { ROOT_ROUTE_ID } from '../../../../../shared/router/route-tree.ts';
import { testRuntimeConfig } from '../../../../helpers/runtime-config.ts';
import { FeedbackForm, type FeedbackState } from '../../../../../shared/ui/feedback/FeedbackForm.tsx';
import { RuntimeConfigProvider } from '../../../../../shared/ui/runtime-config.tsx';

const MESSAGES = { ru, en } as const;

/** The form in a given state, as the server renders it under the layout's route (whose data carries the strings). */
async function renderForm(locale: Locale, state: FeedbackState): Promise<string> {
  const config = testRuntimeConfig(locale);
  const handler = createStaticHandler([
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      loader: () => ({ messages: MESSAGES[locale] }),
      Component: () => <FeedbackForm types={[]} initialState={state} />,
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <RuntimeConfigProvider value={config}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </RuntimeConfigProvider>,
  );
}

describe('FeedbackForm', () => {
  it.each<Locale>(['ru', 'en'])(
    'pending (%s): a status with its own modifier, icon, title and text, and no form',
    async (locale) => {
      const html = await renderForm(locale, 'pending');
      expect(html).toContain('class="feedback-result feedback-result--pending" role="status" aria-live="polite"');
      expect(html).toContain('<span class="feedback-result__icon" aria-hidden="true">↻</span>');
      expect(html).toContain(`<h3 class="feedback-result__title">${MESSAGES[locale]['form.pending.title']}</h3>`);
      expect(html).toContain(`<p>${MESSAGES[locale]['form.pending.text']}</p>`);
      expect(html).not.toContain('<form');
    },
  );

  it('says in both languages that the message is kept on this device until it is online', () => {
    expect(ru['form.pending.title']).toBe('Сообщение сохранено');
    expect(ru['form.pending.text']).toMatch(/^Нет соединения\. .*сохранено на этом устройстве.*автоматически/);
    expect(en['form.pending.title']).toBe('Message saved');
    expect(en['form.pending.text']).toBe(
      'No connection. Your message is saved on this device and will be sent automatically when the device is online.',
    );
  });

  it('keeps the success and failed results apart from pending', async () => {
    expect(await renderForm('en', 'success')).toContain('feedback-result--success');
    expect(await renderForm('en', 'failed')).toContain('feedback-result--failed');
  });
});

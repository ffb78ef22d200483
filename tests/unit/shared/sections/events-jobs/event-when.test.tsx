import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../../../../shared/constants.ts';
import { en as layoutEn, ru as layoutRu } from '../../../../../shared/i18n/messages.ts';
import { ROOT_ROUTE_ID } from '../../../../../shared/router/route-tree.ts';
import { EventWhen } from '../../../../../shared/sections/events-jobs/EventDates.tsx';
import { withTimes } from '../../../../../shared/sections/events-jobs/loaders.server.ts';
import * as events from '../../../../../shared/sections/events-jobs/messages.ts';
import { RuntimeConfigProvider } from '../../../../../shared/ui/runtime-config.tsx';
import { testRuntimeConfig } from '../../../../helpers/runtime-config.ts';

/**
 * The time of an event as its page shows it: the loader's text (`withTimes`), rendered under the layout's route (whose
 * data carries the strings).
 */
async function when(
  locale: Locale,
  starts_at: string,
  ends_at: string | null = null,
  location = locale === 'ru' ? 'Алматы, Казахстан' : 'Almaty, Kazakhstan',
): Promise<string> {
  const messages = { ...(locale === 'ru' ? layoutRu : layoutEn), ...events[locale] };
  const handler = createStaticHandler([
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      loader: () => ({ messages }),
      Component: () => <EventWhen event={withTimes({ starts_at, ends_at, location }, locale)} />,
    },
  ]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const html = renderToString(
    <RuntimeConfigProvider value={testRuntimeConfig(locale)}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </RuntimeConfigProvider>,
  );
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\u00a0/g, ' ');
}

describe('EventWhen: every event time says by whose clock', () => {
  it('the venue’s time with its offset', async () => {
    expect(await when('ru', '2026-12-08T14:00:00+05:00')).toBe('8 декабря 2026 г., 14:00 (местное время, UTC+5)');
    expect(await when('en', '2026-12-08T14:00:00+05:30', '2026-12-08T16:00:00+05:30')).toBe(
      '8 December 2026, 14:00–16:00 (local time, UTC+5:30)',
    );
  });

  it('a multi-day event in one compact text, the days as the lists write them', async () => {
    expect(await when('ru', '2025-07-14T09:00:00+05:00', '2025-07-25T18:00:00+05:00')).toBe(
      '14–25 июля 2025 г., 09:00–18:00 (местное время, UTC+5)',
    );
    expect(await when('en', '2025-06-28T09:00:00+06:00', '2025-07-03T17:00:00+06:00')).toBe(
      '28 June – 3 July 2025, 09:00–17:00 (local time, UTC+6)',
    );
  });

  it('local time, without an offset, when the upstream gives a time without one', async () => {
    expect(await when('ru', '2026-12-08T14:00:00')).toBe('8 декабря 2026 г., 14:00 (местное время)');
    expect(await when('en', '2026-12-08T14:00:00')).toBe('8 December 2026, 14:00 (local time)');
  });

  it('UTC for an online event, which has no venue whose clock would be local, and the region’s hours', async () => {
    expect(await when('ru', '2026-12-08T14:00:00+05:00', null, 'Онлайн')).toBe(
      '8 декабря 2026 г., 09:00 UTC 14:00 Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек',
    );
    expect(await when('en', '2026-12-08T14:00:00+05:00', '2026-12-08T16:00:00+05:00', 'Online')).toBe(
      '8 December 2026, 09:00–11:00 UTC 14:00–16:00 Almaty, Tashkent, Dushanbe, Ashgabat · 15:00–17:00 Bishkek',
    );
  });
});

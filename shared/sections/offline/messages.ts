import type { Messages } from '../../router/define.ts';

export const ru = {
  'offline.title': 'Нет подключения к интернету',
  'offline.text':
    'Эта страница не сохранена на устройстве, поэтому без подключения её не открыть. Страницы, которые вы уже просматривали, доступны и без сети.',
  'offline.retry': 'Когда подключение восстановится, обновите страницу — она загрузится.',
  'offline.available': 'Доступно без сети',
  'offline.empty': 'На этом устройстве пока нет сохранённых страниц.',
} as const;

export const en = {
  'offline.title': 'You are offline',
  'offline.text':
    'This page is not saved on this device, so it cannot be opened without a connection. The pages you have already visited are available offline.',
  'offline.retry': 'Once you are back online, reload the page and it will open.',
  'offline.available': 'Available offline',
  'offline.empty': 'No pages are saved on this device yet.',
} satisfies Messages<typeof ru>;

import type { Messages } from '../../router/define.ts';

/** `news.title` is the layout's (shared/i18n/messages.ts): the RSS link of every page is titled with it. */

export const ru = {
  'news.description': 'Новости о ледниках, снеге и водных ресурсах Центральной Азии.',
  'news.empty': 'Новостей пока нет.',
  'news.related': 'Читайте также',
  'news.published': 'Опубликовано',
  'news.count': 'Всего материалов: {count}',
  'news.rss': 'RSS-лента новостей',
} as const;

export const en = {
  'news.description': 'News about the glaciers, snow and water resources of Central Asia.',
  'news.empty': 'No news yet.',
  'news.related': 'Read also',
  'news.published': 'Published',
  'news.count': '{count} articles',
  'news.rss': 'News RSS feed',
} satisfies Messages<typeof ru>;

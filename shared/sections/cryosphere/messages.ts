import type { Messages } from '../../router/define.ts';

export const ru = {
  'cryosphere.section': 'О разделе',
  'cryosphere.items': 'Материалы раздела',
  'cryosphere.itemsEmpty': 'Материалов в этом разделе пока нет.',
  'cryosphere.files': 'Данные и документы',
  'cryosphere.filesCount.one': '{count} файл',
  'cryosphere.filesCount.few': '{count} файла',
  'cryosphere.filesCount.many': '{count} файлов',
  'cryosphere.filesCount.other': '{count} файла',
  'cryosphere.filesEmpty': 'Файлов по этой теме пока нет.',
  'cryosphere.related': 'Другие материалы раздела',
  'cryosphere.backTo': 'Все материалы раздела «{title}»',
} as const;

export const en = {
  'cryosphere.section': 'About the section',
  'cryosphere.items': 'Articles',
  'cryosphere.itemsEmpty': 'There are no articles in this section yet.',
  'cryosphere.files': 'Data and documents',
  'cryosphere.filesCount.one': '{count} file',
  'cryosphere.filesCount.few': '{count} files',
  'cryosphere.filesCount.many': '{count} files',
  'cryosphere.filesCount.other': '{count} files',
  'cryosphere.filesEmpty': 'There are no files on this topic yet.',
  'cryosphere.related': 'More in this section',
  'cryosphere.backTo': 'All articles on {title}',
} satisfies Messages<typeof ru>;

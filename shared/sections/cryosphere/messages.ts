import type { Messages } from '../../router/define.ts';

export const ru = {
  'cryosphere.overview.intro':
    'Ледники, снежный покров, многолетняя мерзлота, лёд рек и озёр и ледниковые озёра в горах Центральной Азии: что это такое, как они питают реки региона и как меняются.',
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
  'cryosphere.overview.intro':
    'Glaciers, snow cover, permafrost, river and lake ice and glacial lakes in the mountains of Central Asia: what they are, how they feed the region’s rivers and how they are changing.',
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

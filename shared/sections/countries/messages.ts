import type { Messages } from '../../router/define.ts';

export const ru = {
  'countries.title': 'Страны',
  'countries.intro':
    'Профили стран Центральной Азии: ледники и водные ресурсы каждой страны, наблюдения за её криосферой и материалы о ней в базе данных портала.',
  'countries.facts': 'Коротко о стране',
  'countries.files': 'Материалы о стране в базе данных',
  'countries.filesCount.one': '{count} файл',
  'countries.filesCount.few': '{count} файла',
  'countries.filesCount.many': '{count} файлов',
  'countries.filesCount.other': '{count} файла',
  'countries.filesEmpty': 'Файлов об этой стране в базе данных пока нет.',
  'countries.allFiles': 'Открыть в базе данных с фильтрами',
  'countries.glaciers': 'Ледники страны в базе WGMS',
  'countries.glaciers.hint':
    'Название ледника ведёт на карту ледников WGMS, к его ряду наблюдений, графику и источникам данных.',
  'countries.glaciers.caption': 'Последний годовой баланс массы каждого ледника',
  'countries.glaciers.name': 'Ледник',
  'countries.glaciers.latest': 'Последний годовой баланс массы, мм в. э. (год)',
  'countries.glaciers.preliminary': 'предварительное значение',
  'countries.glaciers.noSeries': 'ряда баланса массы нет',
} as const;

export const en = {
  'countries.title': 'Countries',
  'countries.intro':
    'Profiles of the countries of Central Asia: each country’s glaciers and water, the observations of its cryosphere and the files about it in the portal’s database.',
  'countries.facts': 'At a glance',
  'countries.files': 'Files about the country in the database',
  'countries.filesCount.one': '{count} file',
  'countries.filesCount.few': '{count} files',
  'countries.filesCount.many': '{count} files',
  'countries.filesCount.other': '{count} files',
  'countries.filesEmpty': 'The database has no files about this country yet.',
  'countries.allFiles': 'Open in the database with filters',
  'countries.glaciers': 'The country’s glaciers in the WGMS database',
  'countries.glaciers.hint': 'Each glacier’s name leads to the WGMS glacier map: its series, chart and data sources.',
  'countries.glaciers.caption': 'The latest annual mass balance of each glacier',
  'countries.glaciers.name': 'Glacier',
  'countries.glaciers.latest': 'Latest annual mass balance, mm w.e. (year)',
  'countries.glaciers.preliminary': 'preliminary',
  'countries.glaciers.noSeries': 'no mass-balance series',
} satisfies Messages<typeof ru>;

import type { Messages } from '../../router/define.ts';

export const ru = {
  'about.crumb': 'О проекте',
  'about.description':
    'О портале «Криосфера Центральной Азии»: для кого он создан, что на нём можно найти и откуда взяты данные.',
  'about.noticeTitle': 'Обратите внимание',
  'about.teamTitle': 'Кто делает портал',
  'about.teamText':
    'Гляциологи, гидрологи, редакторы и разработчики, которые готовят материалы и поддерживают работу портала.',
  'about.teamLink': 'Познакомиться с командой',
  'team.title': 'Команда',
  'team.description':
    'Команда портала «Криосфера Центральной Азии»: редакция, научные консультанты и техническая группа.',
  'team.lead': 'Люди, которые готовят материалы портала и поддерживают его работу.',
  'team.empty': 'Список команды пока пуст.',
  'team.count': 'Участников: {count}',
} as const;

export const en = {
  'about.crumb': 'About',
  'about.description':
    'About the Cryosphere of Central Asia portal: who it is for, what you can find here and where the data come from.',
  'about.noticeTitle': 'Please note',
  'about.teamTitle': 'Who makes the portal',
  'about.teamText':
    'Glaciologists, hydrologists, editors and developers who prepare the content and keep the portal running.',
  'about.teamLink': 'Meet the team',
  'team.title': 'Team',
  'team.description':
    'The team of the Cryosphere of Central Asia portal: editors, science advisers and the technical team.',
  'team.lead': 'The people who prepare the content of the portal and keep it running.',
  'team.empty': 'The team list is empty for now.',
  'team.count': '{count} people',
} satisfies Messages<typeof ru>;

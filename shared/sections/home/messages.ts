import type { Messages } from '../../router/define.ts';

export const ru = {
  'home.slider': 'Главное',
  'home.latestNews': 'Последние новости',
  'home.upcomingEvents': 'Ближайшие события',
  'home.partners': 'Партнёры',
  'home.allNews': 'Все новости',
  'home.allEvents': 'Все события',
  'home.more': 'Подробнее',
  'home.multimedia': 'Мультимедиа',
  'home.allMultimedia': 'Все материалы',
  'home.kind.gallery': 'Фотогалерея',
  'home.kind.video': 'Видео',
  'home.kind.podcast': 'Подкаст',
  'home.aboutProject': 'О проекте',
  'home.noEvents': 'Ближайших событий пока нет.',
} as const;

export const en = {
  'home.slider': 'Highlights',
  'home.latestNews': 'Latest news',
  'home.upcomingEvents': 'Upcoming events',
  'home.partners': 'Partners',
  'home.allNews': 'All news',
  'home.allEvents': 'All events',
  'home.more': 'Learn more',
  'home.multimedia': 'Multimedia',
  'home.allMultimedia': 'All multimedia',
  'home.kind.gallery': 'Photo gallery',
  'home.kind.video': 'Video',
  'home.kind.podcast': 'Podcast',
  'home.aboutProject': 'About the project',
  'home.noEvents': 'No upcoming events yet.',
} satisfies Messages<typeof ru>;

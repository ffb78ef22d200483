import type { Locale } from '../constants.ts';
import { messages as about } from './sections/about.ts';
import { messages as cryosphere } from './sections/cryosphere.ts';
import { messages as countries } from './sections/countries.ts';
import { messages as eventsJobs } from './sections/events-jobs.ts';
import { messages as multimedia } from './sections/multimedia.ts';
import { messages as study } from './sections/study.ts';
import { messages as resources } from './sections/resources.ts';
import { messages as search } from './sections/search.ts';


/**
 * Bundled UI dictionaries. `/api/v1/translations` is merged over these, so the site keeps working text when the
 * translations call fails (SPEC §8).
 */
const ru = {
  'site.title': 'Криосфера Центральной Азии',
  'site.tagline': 'Портал о ледниках, снеге и вечной мерзлоте региона',
  'site.description':
    'Новости, события, данные и материалы о ледниках и криосфере Казахстана, Кыргызстана, Таджикистана, Туркменистана и Узбекистана.',
  'nav.label': 'Основная навигация',
  'nav.home': 'Главная',
  'nav.skip': 'Перейти к содержанию',
  'header.search': 'Поиск',
  'header.searchOpen': 'Открыть поиск',
  'header.searchClear': 'Очистить',
  'header.searchSubmit': 'Найти',
  'header.searchPlaceholder': 'Поиск',
  'header.startToEnter': 'Начните вводить…',
  'header.menuOpen': 'Открыть меню',
  'header.menuClose': 'Закрыть меню',
  'header.language': 'Язык',
  'footer.social': 'Мы в социальных сетях',
  'footer.partners': 'Партнёры',
  'footer.feedback': 'Обратная связь',
  'footer.privacy': 'Политика конфиденциальности',
  'footer.terms': 'Условия использования',
  'footer.contact': 'Связаться с нами',
  'footer.credit': 'Разработка сайта',
  'footer.rights': 'Все права защищены',
  'home.slider': 'Главное',
  'home.latestNews': 'Последние новости',
  'home.upcomingEvents': 'Ближайшие события',
  'home.partners': 'Партнёры',
  'home.allNews': 'Все новости',
  'home.allEvents': 'Все события',
  'home.more': 'Подробнее',
  'home.noEvents': 'Ближайших событий пока нет.',
  'news.title': 'Новости',
  'news.description': 'Новости о ледниках, снеге и водных ресурсах Центральной Азии.',
  'news.empty': 'Новостей пока нет.',
  'news.related': 'Читайте также',
  'news.published': 'Опубликовано',
  'news.count': 'Всего материалов: {count}',
  'filters.label': 'Фильтры',
  'filters.all': 'Все',
  'filters.apply': 'Показать',
  'filters.reset': 'Сбросить фильтры',
  'pagination.label': 'Страницы',
  'pagination.prev': 'Назад',
  'pagination.next': 'Вперёд',
  'pagination.page': 'Страница {page}',
  'breadcrumbs.label': 'Навигационная цепочка',
  'error.notFound.title': 'Страница не найдена',
  'error.server.title': 'Ошибка сервера',
  'error.generic.title': 'Произошла ошибка',
  'error.subtitle': 'Попробуйте вернуться на главную страницу.',
  'error.backHome': 'На главную',
  'form.errors.required': 'Обязательное поле',
  'form.errors.invalidEmail': 'Введите корректный адрес электронной почты',
  'form.errors.invalid': 'Поле заполнено неверно',
  'form.success.title': 'Спасибо!',
  'form.success.text': 'Ваше сообщение отправлено. Мы ответим вам в ближайшее время.',
  'form.failed.title': 'Не удалось отправить',
  'form.failed.text': 'Произошла ошибка. Пожалуйста, попробуйте позже.',
};

export type MessageKey = keyof typeof ru;

/** Section dictionaries (shared/i18n/sections/*), one per part of the site. */
const sections = [about, cryosphere, countries, eventsJobs, multimedia, study, resources, search];

const en: Record<MessageKey, string> = {
  'site.title': 'Cryosphere of Central Asia',
  'site.tagline': 'A portal on the glaciers, snow and permafrost of the region',
  'site.description':
    'News, events, data and resources on the glaciers and cryosphere of Kazakhstan, Kyrgyzstan, Tajikistan, Turkmenistan and Uzbekistan.',
  'nav.label': 'Main navigation',
  'nav.home': 'Home',
  'nav.skip': 'Skip to content',
  'header.search': 'Search',
  'header.searchOpen': 'Open search',
  'header.searchClear': 'Clear',
  'header.searchSubmit': 'Search',
  'header.searchPlaceholder': 'Search',
  'header.startToEnter': 'Start typing…',
  'header.menuOpen': 'Open menu',
  'header.menuClose': 'Close menu',
  'header.language': 'Language',
  'footer.social': 'Follow us',
  'footer.partners': 'Partners',
  'footer.feedback': 'Feedback',
  'footer.privacy': 'Privacy policy',
  'footer.terms': 'Terms and conditions',
  'footer.contact': 'Contact us',
  'footer.credit': 'Website development',
  'footer.rights': 'All rights reserved',
  'home.slider': 'Highlights',
  'home.latestNews': 'Latest news',
  'home.upcomingEvents': 'Upcoming events',
  'home.partners': 'Partners',
  'home.allNews': 'All news',
  'home.allEvents': 'All events',
  'home.more': 'Learn more',
  'home.noEvents': 'No upcoming events yet.',
  'news.title': 'News',
  'news.description': 'News about the glaciers, snow and water resources of Central Asia.',
  'news.empty': 'No news yet.',
  'news.related': 'Read also',
  'news.published': 'Published',
  'news.count': '{count} articles',
  'filters.label': 'Filters',
  'filters.all': 'All',
  'filters.apply': 'Apply',
  'filters.reset': 'Clear filters',
  'pagination.label': 'Pages',
  'pagination.prev': 'Previous',
  'pagination.next': 'Next',
  'pagination.page': 'Page {page}',
  'breadcrumbs.label': 'Breadcrumbs',
  'error.notFound.title': 'Page not found',
  'error.server.title': 'Server error',
  'error.generic.title': 'Something went wrong',
  'error.subtitle': 'Try going back to the home page.',
  'error.backHome': 'Back to home',
  'form.errors.required': 'This field is required',
  'form.errors.invalidEmail': 'Enter a valid e-mail address',
  'form.errors.invalid': 'The field is not valid',
  'form.success.title': 'Thank you!',
  'form.success.text': 'Your message has been sent. We will get back to you soon.',
  'form.failed.title': 'Sending failed',
  'form.failed.text': 'Something went wrong. Please try again later.',
};

export const bundledMessages: Record<Locale, Record<string, string>> = {
  ru: Object.assign({}, ru, ...sections.map((s) => s.ru)),
  en: Object.assign({}, en, ...sections.map((s) => s.en)),
};

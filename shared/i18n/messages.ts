import type { Locale } from '../constants.ts';
import type { Messages } from '../router/define.ts';
import { sectionsInLayout } from '../router/route-tree.ts';
import { sections, type Section } from '../sections/registry.ts';
import { oncePerPair } from './translate.ts';

/**
 * The layout's UI strings (header, footer, feedback form, errors, filters, pagination); each section keeps its own in
 * its folder (`shared/sections/<name>/messages.ts`). `/api/v1/translations` is merged over the bundled dictionary, so
 * the site keeps working text when the translations call fails (SPEC §8).
 */
export const ru = {
  'site.title': 'Криосфера Центральной Азии',
  'site.tagline': 'Портал о ледниках, снеге и вечной мерзлоте региона',
  'site.description':
    'Новости, события, данные и материалы о ледниках и криосфере Казахстана, Кыргызстана, Таджикистана, Туркменистана и Узбекистана.',
  'nav.label': 'Основная навигация',
  'nav.home': 'Главная',
  'nav.skip': 'Перейти к содержанию',
  'nav.backToTop': 'Наверх',
  // the title of every page's RSS link (and the news section's heading)
  'news.title': 'Новости',
  // the one status badge of events and webinars (shared/ui/StatusBadge.tsx)
  'status.upcoming': 'Предстоит',
  'status.ongoing': 'Идёт',
  'status.past': 'Завершено',
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
  'filters.label': 'Фильтры',
  'filters.all': 'Все',
  'filters.apply': 'Показать',
  'filters.reset': 'Сбросить фильтры',
  'pagination.label': 'Страницы',
  'pagination.prev': 'Назад',
  'pagination.next': 'Вперёд',
  'pagination.page': 'Страница {page}',
  'pagination.pastEnd': 'Страницы {page} нет: всего страниц — {last}.',
  'pagination.toFirst': 'Перейти на первую страницу',
  'breadcrumbs.label': 'Навигационная цепочка',
  'error.notFound.title': 'Страница не найдена',
  'error.server.title': 'Ошибка сервера',
  'error.generic.title': 'Произошла ошибка',
  'error.subtitle': 'Попробуйте вернуться на главную страницу.',
  'error.backHome': 'На главную',
  'error.reference': 'Номер ошибки: {id}. Укажите его, если будете писать нам.',
  'error.notFound.text':
    'Возможно, страница была перенесена или удалена, или в адресе есть опечатка. Попробуйте поиск по сайту или перейдите в один из разделов.',
  'error.notFound.searchLabel': 'Поиск по сайту',
  'error.notFound.searchSubmit': 'Найти',
  'error.notFound.sections': 'Разделы сайта',
  'form.title': 'Обратная связь',
  'form.name': 'Имя',
  'form.email': 'Электронная почта',
  'form.topic': 'Тема',
  'form.topicPlaceholder': 'Выберите тему',
  'form.message': 'Сообщение',
  'form.submit': 'Отправить',
  'form.sending': 'Отправка…',
  'form.close': 'Закрыть',
  'form.invalid.title': 'Проверьте форму',
  'form.invalid.text': 'Заполните все поля и укажите корректный адрес электронной почты.',
  'form.errors.required': 'Обязательное поле',
  'form.errors.invalidEmail': 'Введите корректный адрес электронной почты',
  'form.errors.invalid': 'Поле заполнено неверно',
  'form.errors.tooLong': 'Сообщение длиннее 5000 знаков — сократите его',
  'form.success.title': 'Спасибо!',
  'form.success.text': 'Ваше сообщение отправлено. Мы ответим вам в ближайшее время.',
  'form.failed.title': 'Не удалось отправить',
  'form.failed.text': 'Произошла ошибка. Пожалуйста, попробуйте позже.',
  'form.about.event': 'Вопрос о мероприятии «{title}» ({when}):',
  'form.about.webinar': 'Вопрос о вебинаре «{title}» ({when}):',
  'form.next': 'Мы ответим на адрес электронной почты, который вы укажете.',
  'form.requiredLegend': 'Поля, отмеченные звёздочкой (*), обязательны для заполнения.',
  'form.emailHint': 'Адрес нужен только для ответа на ваше сообщение: для рассылок мы его не используем.',
  'form.privacy': 'Как мы храним и используем ваши данные, рассказано в {link}.',
  'form.privacy.link': 'политике конфиденциальности',
  'form.newTab': '(откроется в новой вкладке)',
  'form.pending.title': 'Сообщение сохранено',
  'form.pending.text':
    'Нет соединения. Ваше сообщение сохранено на этом устройстве и будет отправлено автоматически, когда устройство подключится к сети.',
} as const;

export const en = {
  'site.title': 'Cryosphere of Central Asia',
  'site.tagline': 'A portal on the glaciers, snow and permafrost of the region',
  'site.description':
    'News, events, data and resources on the glaciers and cryosphere of Kazakhstan, Kyrgyzstan, Tajikistan, Turkmenistan and Uzbekistan.',
  'nav.label': 'Main navigation',
  'nav.home': 'Home',
  'nav.skip': 'Skip to content',
  'nav.backToTop': 'Back to top',
  'news.title': 'News',
  'status.upcoming': 'Upcoming',
  'status.ongoing': 'Ongoing',
  'status.past': 'Past',
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
  'filters.label': 'Filters',
  'filters.all': 'All',
  'filters.apply': 'Apply',
  'filters.reset': 'Clear filters',
  'pagination.label': 'Pages',
  'pagination.prev': 'Previous',
  'pagination.next': 'Next',
  'pagination.page': 'Page {page}',
  'pagination.pastEnd': 'There is no page {page}: the list has {last}.',
  'pagination.toFirst': 'Go to the first page',
  'breadcrumbs.label': 'Breadcrumbs',
  'error.notFound.title': 'Page not found',
  'error.server.title': 'Server error',
  'error.generic.title': 'Something went wrong',
  'error.subtitle': 'Try going back to the home page.',
  'error.backHome': 'Back to home',
  'error.reference': 'Error reference: {id}. Please quote it if you contact us.',
  'error.notFound.text':
    'The page may have moved or been removed, or the address has a typo. Try searching the site or go to one of its sections.',
  'error.notFound.searchLabel': 'Search the site',
  'error.notFound.searchSubmit': 'Search',
  'error.notFound.sections': 'Sections of the site',
  'form.title': 'Feedback',
  'form.name': 'Name',
  'form.email': 'E-mail',
  'form.topic': 'Topic',
  'form.topicPlaceholder': 'Choose a topic',
  'form.message': 'Message',
  'form.submit': 'Send',
  'form.sending': 'Sending…',
  'form.close': 'Close',
  'form.invalid.title': 'Please check the form',
  'form.invalid.text': 'Fill in every field and give a valid e-mail address.',
  'form.errors.required': 'This field is required',
  'form.errors.invalidEmail': 'Enter a valid e-mail address',
  'form.errors.invalid': 'The field is not valid',
  'form.errors.tooLong': 'The message is longer than 5,000 characters: please shorten it',
  'form.success.title': 'Thank you!',
  'form.success.text': 'Your message has been sent. We will get back to you soon.',
  'form.failed.title': 'Sending failed',
  'form.failed.text': 'Something went wrong. Please try again later.',
  'form.about.event': 'A question about the event “{title}” ({when}):',
  'form.about.webinar': 'A question about the webinar “{title}” ({when}):',
  'form.next': 'We will reply to the e-mail address you give.',
  'form.requiredLegend': 'Fields marked with an asterisk (*) are required.',
  'form.emailHint': 'We use it only to reply to your message, never for newsletters.',
  'form.privacy': 'How we store and use your data is explained in our {link}.',
  'form.privacy.link': 'privacy policy',
  'form.newTab': '(opens in a new tab)',
  'form.pending.title': 'Message saved',
  'form.pending.text':
    'No connection. Your message is saved on this device and will be sent automatically when the device is online.',
} satisfies Messages<typeof ru>;

type SectionKey<S> = S extends { messages: () => Promise<{ ru: infer R }> } ? keyof R : never;

/** Every UI string key of the site: the layout's and every section's. */
export type MessageKey = keyof typeof ru | SectionKey<Section>;

export type Dictionary = Readonly<Record<string, string>>;

const cached = new Map<string, Promise<Dictionary>>();
function once(key: string, make: () => Promise<Dictionary>): Promise<Dictionary> {
  let dictionary = cached.get(key);
  if (!dictionary) {
    dictionary = make().then(Object.freeze);
    cached.set(key, dictionary);
  }
  return dictionary;
}

const own = async (section: Section, locale: Locale): Promise<Dictionary> => (await section.messages())[locale];

/** The layout's strings and those of `list`. */
const layoutWith = async (locale: Locale, list: readonly Section[]): Promise<Dictionary> =>
  Object.assign({}, locale === 'ru' ? ru : en, ...(await Promise.all(list.map((s) => own(s, locale)))));

/** The bundled dictionary of a locale: the layout's strings and every section's (built once per locale, server side). */
export const bundledMessages = (locale: Locale) => once(`all:${locale}`, () => layoutWith(locale, sections));

/** The layout's bundled strings (header, footer, form, errors) and those of the sections in `sectionsInLayout`. */
export const layoutMessages = (locale: Locale) => once(`layout:${locale}`, () => layoutWith(locale, sectionsInLayout));

/** A section's bundled strings: its own and the ones it borrows from other sections (`borrows`). */
export function sectionMessages(section: Section, locale: Locale): Promise<Dictionary> {
  return once(`${section.name}:${locale}`, async () => {
    const prefixes: readonly string[] = section.borrows ?? [];
    const borrowed = prefixes.length
      ? Object.entries(await bundledMessages(locale)).filter(([key]) => prefixes.some((p) => key.startsWith(p)))
      : [];
    return Object.assign(Object.fromEntries(borrowed), await own(section, locale));
  });
}

/**
 * `bundled` with the upstream's texts of its own keys (`/api/v1/translations` wins; keys it does not have keep the
 * bundled text, SPEC §8). Made once per pair of objects: the upstream cache hands back the same object until it
 * changes, so this is not per request.
 */
export const withUpstreamTexts = oncePerPair((bundled: Dictionary, upstream: Dictionary): Dictionary =>
  Object.freeze(
    Object.fromEntries(Object.entries(bundled).map(([key, text]) => [key, upstream[key] ?? text] as const)),
  ),
);

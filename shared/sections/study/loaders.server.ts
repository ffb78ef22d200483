import type { LoaderFunctionArgs } from 'react-router';
import type { Locale } from '../../constants.ts';
import { dayIn, formatWhen, regionTimesText } from '../../i18n/region-time.server.ts';
import { scheduleStatus } from '../../schedule-status.server.ts';
import { apiContext, clockContext } from '../../router/context.ts';
import type { WebinarSummary } from '../../schemas/study.ts';
import { COURSE_LEVELS, type CourseLevel } from './filters.ts';
import { foundBySlug, pageParam, slugParam } from '../../router/params.ts';
import type { FeedbackAbout } from '../../feedback-about.ts';

export const COURSES_PER_PAGE = 12;
export const PAST_WEBINARS_PER_PAGE = 12;
/** Upcoming webinars are one unpaginated list (the content API's largest page). */
export const UPCOMING_WEBINARS_MAX = 100;
export const WEBINARS_RELATED = 3;

const isLevel = (value: string): value is CourseLevel => COURSE_LEVELS.some((level) => level === value);

// online courses

/**
 * Courses filtered by `?language=` (a code of the languages call) and `?level=`. The content API answers unknown
 * values with 422, so values that are not offered are dropped (the page shows every course, the filter reads "All").
 */
export async function onlineCoursesLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const page = pageParam(url);
  const rawLanguage = url.searchParams.get('language') ?? '';
  const rawLevel = url.searchParams.get('level') ?? '';
  const level = isLevel(rawLevel) ? rawLevel : '';
  const languagesCall = api.get('languages');
  // only a language filter has to wait for the list of languages; without one both calls run together
  const known = rawLanguage ? (await languagesCall).data.some((l) => l.code === rawLanguage) : false;
  const language = known ? rawLanguage : '';
  const [languages, list] = await Promise.all([
    languagesCall,
    api.get('onlineCourses', {
      query: { page, per_page: COURSES_PER_PAGE, language: language || undefined, level: level || undefined },
    }),
  ]);
  return { items: list.data, meta: list.meta, languages: languages.data, filters: { language, level } };
}

// webinars

/**
 * A webinar's status at `now` (`scheduleStatus`): an online event's rule, its day the UTC day of its end (its start
 * plus its length).
 */
const webinarStatus = (webinar: WebinarSummary, now: Date) =>
  scheduleStatus(
    webinar.starts_at,
    dayIn(new Date(Date.parse(webinar.starts_at) + webinar.duration_min * 60_000).toISOString(), 'UTC'),
    now,
  );

/**
 * A webinar with its start, day and time in UTC, as the locale writes an event's (`8 December 2026, 09:00`), the
 * region's hours for it (`regionText`: «14:00 Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек») and its status.
 */
const withStart = <W extends WebinarSummary>(webinar: W, locale: Locale, now: Date) => ({
  ...webinar,
  startsText: formatWhen(locale, webinar.starts_at, null),
  regionText: regionTimesText(locale, webinar.starts_at, null),
  status: webinarStatus(webinar, now),
});
/** A webinar as the feedback form names it: its title and its start in UTC. */
export const webinarAbout = (webinar: WebinarSummary, locale: Locale): FeedbackAbout => ({
  kind: 'webinar',
  slug: webinar.slug,
  title: webinar.title,
  when: `${formatWhen(locale, webinar.starts_at, null)} UTC`,
});
/** A webinar as its card shows it. */
export type WebinarCardItem = ReturnType<typeof withStart<WebinarSummary>>;

/**
 * Upcoming webinars (soonest first, on the first page only) and a page of past webinars (latest first). `?page=`
 * pages through the past ones. The content API's past ones are those already started: one still ongoing
 * (`webinarStatus`) opens the upcoming ones instead, as an ongoing event is among the upcoming events.
 */
export async function webinarsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const [upcoming, past] = await Promise.all([
    page === 1 ? api.get('webinars', { query: { when: 'upcoming', page: 1, per_page: UPCOMING_WEBINARS_MAX } }) : null,
    api.get('webinars', { query: { when: 'past', page, per_page: PAST_WEBINARS_PER_PAGE } }),
  ]);
  const now = context.get(clockContext)();
  const shown = (list: WebinarSummary[]) => list.map((w) => withStart(w, api.locale, now));
  const started = shown(past.data);
  const ongoing = upcoming ? started.filter((w) => w.status !== 'past').reverse() : [];
  return {
    upcoming: [...ongoing, ...shown(upcoming?.data ?? [])],
    past: started.filter((w) => w.status === 'past'),
    meta: past.meta,
  };
}

export async function webinarLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugParam(request, params.slug);
  const api = context.get(apiContext);
  // the same queries as the list page, so the BFF cache answers them; related webinars are a bonus
  const [found, upcoming, past] = await Promise.all([
    api.find('webinar', { params: { slug } }),
    api.get('webinars', { query: { when: 'upcoming', page: 1, per_page: UPCOMING_WEBINARS_MAX } }).catch(() => null),
    api.get('webinars', { query: { when: 'past', page: 1, per_page: PAST_WEBINARS_PER_PAGE } }).catch(() => null),
  ]);
  const webinar = foundBySlug(request, found, slug);
  // decided here, on the server, so the document and the hydrated page agree
  const now = context.get(clockContext)();
  const related = [...(upcoming?.data ?? []), ...(past?.data ?? [])]
    .filter((w) => w.slug !== slug)
    .slice(0, WEBINARS_RELATED)
    .map((w) => withStart(w, api.locale, now));
  return {
    item: withStart(webinar, api.locale, now),
    about: webinarAbout(webinar, api.locale),
    related,
  };
}
export type WebinarData = Awaited<ReturnType<typeof webinarLoader>>;

/** The section's overview: its strings are all it shows. */
export async function studyLoader() {
  return null;
}

export const loaders = {
  study: studyLoader,
  'study-online-courses': onlineCoursesLoader,
  'study-webinars': webinarsLoader,
  'study-webinar': webinarLoader,
};

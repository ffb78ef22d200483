import type { LoaderFunctionArgs } from 'react-router';
import type { Locale } from '../../constants.ts';
import { formatDate, formatDateRange, formatNumber, withPublished, withTotal } from '../../i18n/format.server.ts';
import { formatWhen, regionTimesText } from '../../i18n/region-time.server.ts';
import { apiContext, clockContext } from '../../router/context.ts';
import type { EventSummary } from '../../schemas/events.ts';
import type { Opportunity } from '../../schemas/opportunities.ts';
import { foundBySlug, isSlug, pageParam, slugParam } from '../../router/params.ts';
import { eventDay, isOnline, shownTime } from './event-time.ts';
import type { FeedbackAbout } from '../../feedback-about.ts';
import { scheduleStatus, type ScheduleStatus } from '../../schedule-status.server.ts';

export const UPCOMING_EVENTS_LIMIT = 24;
export const PAST_EVENTS_PER_PAGE = 6;
export const RELATED_EVENTS = 3;
export const JOBS_PER_PAGE = 10;

const DAY_MS = 86_400_000;
/** Today and yesterday as YYYY-MM-DD (UTC, as the home page's upcoming events). */
function days(now: number) {
  return {
    today: new Date(now).toISOString().slice(0, 10),
    yesterday: new Date(now - DAY_MS).toISOString().slice(0, 10),
  };
}

type EventTimes = Pick<EventSummary, 'starts_at' | 'ends_at' | 'location'>;

/**
 * An event's status (`scheduleStatus`): past once its last day (or its only day) is before today, the day being the
 * one its pages show (`eventDay`); until then upcoming before its start, ongoing from it. The content API's `from`
 * reads the day as the content writes it, never later than this one for the region's offsets: what it returns is
 * narrowed with this rule (`upcomingOnly`).
 */
export const eventStatus = (event: EventTimes, now: Date): ScheduleStatus =>
  scheduleStatus(event.starts_at, eventDay(event.ends_at ?? event.starts_at, event.location), now);

/** The events of a `from: today` answer that are not past by `eventStatus`. */
export const upcomingOnly = <E extends EventTimes>(events: E[], now: Date): E[] =>
  events.filter((e) => eventStatus(e, now) !== 'past');

/** The start and end an event's text shows: at the venue, or in UTC for an online one (`shownTime`). */
function shownTimes({ starts_at, ends_at, location }: EventTimes) {
  const online = isOnline(location);
  return [shownTime(starts_at, online), ends_at ? shownTime(ends_at, online) : null] as const;
}

/**
 * An event with its days as the locale writes a range: `21 March 2025`, `22–24 September 2026`, «14–25 июля 2025 г.»
 * (one text: the locale decides which parts it repeats).
 */
export function withDays<E extends EventTimes>(event: E, locale: Locale) {
  return { ...event, daysText: formatDateRange(locale, ...shownTimes(event)) };
}
export type EventWithDays = ReturnType<typeof withDays<EventTimes>>;

/** An event as a list shows it: its days (`withDays`) and its status at `now` (`eventStatus`). */
export const listedEvent = <E extends EventTimes>(event: E, locale: Locale, now: Date) => ({
  ...withDays(event, locale),
  status: eventStatus(event, now),
});
export type ListedEvent = ReturnType<typeof listedEvent<EventTimes>>;

/**
 * An event with when it happens as one compact text (`whenText`: «14–25 июля 2025 г., 09:00–18:00», by the venue's
 * clock or in UTC for an online event) and, for an online one, the region's hours beside UTC (`regionText`: «14:00
 * Алматы, Ташкент, Душанбе, Ашхабад · 15:00 Бишкек»).
 */
export function withTimes<E extends EventTimes>(event: E, locale: Locale) {
  const [start, end] = shownTimes(event);
  const online = isOnline(event.location);
  return {
    ...event,
    whenText: formatWhen(locale, start, end),
    regionText: online ? regionTimesText(locale, event.starts_at, event.ends_at) : null,
  };
}
export type EventWithTimes = ReturnType<typeof withTimes<EventTimes>>;

/** An event as the feedback form names it: its title and its days (`withDays`). */
export const eventAbout = (
  event: EventTimes & Pick<EventSummary, 'slug' | 'title'>,
  locale: Locale,
): FeedbackAbout => ({
  kind: 'event',
  slug: event.slug,
  title: event.title,
  when: withDays(event, locale).daysText,
});

/**
 * Events: upcoming ones (soonest first) on the first page only, then past ones (newest first, paginated with
 * `?page=`): a later page continues the past events and repeats none of the first page's.
 */
export async function eventsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const now = context.get(clockContext)();
  const { today, yesterday } = days(now.getTime());
  const [upcoming, past] = await Promise.all([
    page === 1 ? api.get('events', { query: { from: today, order: 'asc', per_page: UPCOMING_EVENTS_LIMIT } }) : null,
    api.get('events', { query: { to: yesterday, order: 'desc', page, per_page: PAST_EVENTS_PER_PAGE } }),
  ]);
  return {
    /** null on the pages after the first */
    upcoming: upcoming
      ? {
          items: upcomingOnly(upcoming.data, now).map((e) => listedEvent(e, api.locale, now)),
          totalText: formatNumber(api.locale, upcoming.meta.total),
        }
      : null,
    // an event that started yesterday and is still running is in both lists: show it as upcoming only
    past: past.data.filter((e) => eventStatus(e, now) === 'past').map((e) => listedEvent(e, api.locale, now)),
    pastMeta: past.meta,
  };
}

/** One event, its status on the day of the request, and other events to read next (upcoming ones first). */
export async function eventDetailLoader({ context, request, params }: LoaderFunctionArgs) {
  const slug = slugParam(request, params.slug);
  const api = context.get(apiContext);
  const now = context.get(clockContext)();
  const { today } = days(now.getTime());
  const [found, upcoming] = await Promise.all([
    api.find('eventItem', { params: { slug } }),
    api.get('events', { query: { from: today, order: 'asc', per_page: RELATED_EVENTS + 1 } }),
  ]);
  const event = foundBySlug(request, found, slug);
  return {
    event: withTimes(event, api.locale),
    status: eventStatus(event, now),
    about: eventAbout(event, api.locale),
    related: upcomingOnly(upcoming.data, now)
      .filter((e) => e.id !== event.id)
      .slice(0, RELATED_EVENTS)
      .map((e) => listedEvent(e, api.locale, now)),
  };
}

/** An opportunity with its deadline and the day it was published as the locale writes them. */
const withDeadline = (job: Opportunity, locale: Locale) => ({
  ...withPublished(job, locale),
  deadlineText: job.deadline ? formatDate(locale, job.deadline) : null,
});

/**
 * Jobs and opportunities, filtered by `?category=` and paginated. Only a category the upstream knows is passed on
 * (an unknown one would be a 422); it is then ignored, as if no filter was set.
 */
export async function jobsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const url = new URL(request.url);
  const page = pageParam(url);
  const wanted = url.searchParams.get('category') ?? '';
  const list = (category?: string) => api.get('opportunities', { query: { page, per_page: JOBS_PER_PAGE, category } });
  // without a category to check, both calls go at once
  const [categories, unfiltered] = await Promise.all([
    api.get('opportunityCategories'),
    isSlug(wanted) ? null : list(),
  ]);
  const category = categories.data.some((c) => c.slug === wanted) ? wanted : '';
  const opportunities = unfiltered ?? (await list(category || undefined));
  return {
    categories: categories.data,
    category,
    items: opportunities.data.map((job) => withDeadline(job, api.locale)),
    meta: withTotal(opportunities.meta, api.locale),
    /** YYYY-MM-DD (UTC): an opportunity whose deadline is before this day is closed */
    today: days(context.get(clockContext)().getTime()).today,
  };
}
export type JobsData = Awaited<ReturnType<typeof jobsLoader>>;

export const loaders = {
  events: eventsLoader,
  'event-detail': eventDetailLoader,
  jobs: jobsLoader,
};

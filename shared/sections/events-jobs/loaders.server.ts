import type { LoaderFunctionArgs } from 'react-router';
import { apiContext, clockContext } from '../../router/context.ts';
import type { EventSummary } from '../../schemas/events.ts';
import { throwValidationFailed } from '../../router/errors.ts';
import { isSlug, pageParam } from '../../router/params.ts';

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

export type EventStatus = 'upcoming' | 'past';
/** The content API's own rule: an event is upcoming while its last day (or its only day) is today or later. */
export const eventStatus = (event: Pick<EventSummary, 'starts_at' | 'ends_at'>, today: string): EventStatus =>
  (event.ends_at ?? event.starts_at).slice(0, 10) >= today ? 'upcoming' : 'past';

/**
 * Events: upcoming ones (soonest first) on the first page only, then past ones (newest first, paginated with
 * `?page=`): a later page continues the past events and repeats none of the first page's.
 */
export async function eventsLoader({ context, request }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const page = pageParam(new URL(request.url));
  const { today, yesterday } = days(context.get(clockContext)().getTime());
  const [upcoming, past] = await Promise.all([
    page === 1 ? api.get('events', { query: { from: today, order: 'asc', per_page: UPCOMING_EVENTS_LIMIT } }) : null,
    api.get('events', { query: { to: yesterday, order: 'desc', page, per_page: PAST_EVENTS_PER_PAGE } }),
  ]);
  return {
    /** null on the pages after the first */
    upcoming: upcoming ? { items: upcoming.data, total: upcoming.meta.total } : null,
    // an event that started yesterday and is still running is in both lists: show it as upcoming only
    past: past.data.filter((e) => eventStatus(e, today) === 'past'),
    pastMeta: past.meta,
  };
}
export type EventsData = Awaited<ReturnType<typeof eventsLoader>>;

/** One event, its status on the day of the request, and other events to read next (upcoming ones first). */
export async function eventDetailLoader({ context, request, params }: LoaderFunctionArgs) {
  const { slug } = params;
  if (!isSlug(slug)) throwValidationFailed(request);
  const api = context.get(apiContext);
  const { today } = days(context.get(clockContext)().getTime());
  const [found, upcoming] = await Promise.all([
    api.find('eventItem', { params: { slug } }),
    api.get('events', { query: { from: today, order: 'asc', per_page: RELATED_EVENTS + 1 } }),
  ]);
  // detail calls also accept a numeric id: only the canonical slug is a page
  if (!found || found.data.slug !== slug) throwValidationFailed(request);
  const event = found.data;
  return {
    event,
    status: eventStatus(event, today),
    related: upcoming.data.filter((e) => e.id !== event.id).slice(0, RELATED_EVENTS),
  };
}
export type EventDetailData = Awaited<ReturnType<typeof eventDetailLoader>>;

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
    items: opportunities.data,
    meta: opportunities.meta,
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

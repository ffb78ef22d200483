import { dayIn } from './i18n/region-time.server.ts';

/** Where something with a time stands (an event, a webinar): the one status the site's badge shows (ADR 0135). */
export type ScheduleStatus = 'upcoming' | 'ongoing' | 'past';

/**
 * The one rule for an event's or a webinar's status (ADR 0135, on ADR 0132's day): past once its last day (the day its
 * pages show, `eventDay` for an event, the UTC day for a webinar) is before the loaders' today (UTC); until then
 * upcoming before its start and ongoing from it. `now` is the loaders' clock (`clockContext`), never `Date.now()`.
 */
export function scheduleStatus(start: string, lastDay: string, now: Date): ScheduleStatus {
  if (lastDay < dayIn(now.toISOString(), 'UTC')) return 'past';
  return Date.parse(start) > now.getTime() ? 'upcoming' : 'ongoing';
}

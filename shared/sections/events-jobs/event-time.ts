/**
 * Event times come with the venue's UTC offset (`2026-12-08T14:00:00+05:00`), and the site's formatters print UTC
 * (so that server and browser agree). To show the time people at the venue see, format the wall-clock part as if it
 * were UTC. Deterministic, so hydration matches. An online event has no venue whose clock would be "local": its
 * times are shown in UTC, as the webinars' are (`shownTime`).
 */
const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

export function wallClock(iso: string): string {
  const match = ISO.exec(iso);
  return match ? `${match[1]}Z` : iso;
}

/** `UTC+5`, `UTC+5:30`, `UTC` — or null when the value carries no offset. */
export function utcOffset(iso: string): string | null {
  const offset = ISO.exec(iso)?.[2];
  if (!offset) return null;
  if (offset === 'Z') return 'UTC';
  const [, sign, hours, minutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(offset) ?? [];
  if (!sign || !hours || !minutes) return null;
  if (Number(hours) === 0 && Number(minutes) === 0) return 'UTC';
  return `UTC${sign}${Number(hours)}${minutes === '00' ? '' : `:${minutes}`}`;
}

/** An event with no physical venue: its location says it is online. */
export const isOnline = (location: string) => /online|онлайн/i.test(location);

/** The instant to format for an event's time: the venue's wall clock, or UTC itself for an online event. */
export const shownTime = (iso: string, online: boolean) => (online ? iso : wallClock(iso));

/**
 * The day an event's time falls on, the one rule for every page (list, detail, home, status): the day of the time
 * shown, the venue's for an event with a venue, UTC's for an online one (`shownTime`). YYYY-MM-DD.
 */
export const eventDay = (iso: string, location: string) =>
  new Date(shownTime(iso, isOnline(location))).toISOString().slice(0, 10);

import type { EventSummary } from '../../schemas/events.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { formatDateRange } from '../../i18n/format.ts';
import { isOnline, shownTime, utcOffset } from './event-time.ts';

type EventTimes = Pick<EventSummary, 'starts_at' | 'ends_at' | 'location'>;

/**
 * The days of an event at the venue (in UTC for an online one), as the locale writes a range: `21 March 2025`,
 * `22–24 September 2026`, «14–25 июля 2025 г.» (the range is one text: the locale decides which parts it repeats).
 */
export function EventDates({ event }: { event: EventTimes }) {
  const { locale } = useI18n();
  const { starts_at: start, ends_at: end } = event;
  const online = isOnline(event.location);
  return (
    <span className="event-dates">
      <time dateTime={start}>
        {formatDateRange(locale, shownTime(start, online), end ? shownTime(end, online) : null)}
      </time>
    </span>
  );
}

/** Start and end with their times at the venue, or in UTC for an online event. */
function EventDateTimes({ event, online }: { event: EventTimes; online: boolean }) {
  const { dateTime } = useI18n();
  const { starts_at: start, ends_at: end } = event;
  return (
    <span className="event-dates">
      <time dateTime={start}>{dateTime(shownTime(start, online))}</time>
      {end ? (
        <>
          {' – '}
          <time dateTime={end}>{dateTime(shownTime(end, online))}</time>
        </>
      ) : null}
    </span>
  );
}

/**
 * When an event happens and by whose clock: the venue's, with its offset when the content gives one; an online event
 * has no venue, so its times are in UTC, as the webinars' are.
 */
export function EventWhen({ event }: { event: EventTimes }) {
  const { t } = useI18n();
  const online = isOnline(event.location);
  const offset = utcOffset(event.starts_at);
  return (
    <>
      <EventDateTimes event={event} online={online} />
      <span className="event__tz">
        {online ? ' UTC' : ` (${offset ? t('events.timezone', { offset }) : t('events.timezoneLocal')})`}
      </span>
    </>
  );
}

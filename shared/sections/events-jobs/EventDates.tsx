import type { EventSummary } from '../../schemas/events.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { sameDay, utcOffset, wallClock } from './event-time.ts';

/** The days of an event at the venue: `21 March 2025` or `14 July 2025 – 25 July 2025`. */
export function EventDates({ event }: { event: Pick<EventSummary, 'starts_at' | 'ends_at'> }) {
  const { date } = useI18n();
  const { starts_at: start, ends_at: end } = event;
  return (
    <span className="event-dates">
      <time dateTime={start}>{date(wallClock(start))}</time>
      {end && !sameDay(start, end) ? (
        <>
          {' – '}
          <time dateTime={end}>{date(wallClock(end))}</time>
        </>
      ) : null}
    </span>
  );
}

/** Start and end with their times at the venue, and the venue's offset. */
export function EventDateTimes({ event }: { event: Pick<EventSummary, 'starts_at' | 'ends_at'> }) {
  const { dateTime } = useI18n();
  const { starts_at: start, ends_at: end } = event;
  return (
    <span className="event-dates">
      <time dateTime={start}>{dateTime(wallClock(start))}</time>
      {end ? (
        <>
          {' – '}
          <time dateTime={end}>{dateTime(wallClock(end))}</time>
        </>
      ) : null}
    </span>
  );
}

/** When an event happens and by whose clock: the venue's, with its offset when the content gives one. */
export function EventWhen({ event }: { event: Pick<EventSummary, 'starts_at' | 'ends_at'> }) {
  const { t } = useI18n();
  const offset = utcOffset(event.starts_at);
  return (
    <>
      <EventDateTimes event={event} />
      <span className="event__tz"> ({offset ? t('events.timezone', { offset }) : t('events.timezoneLocal')})</span>
    </>
  );
}

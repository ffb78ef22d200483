import type { EventSummary } from '../../schemas/events.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { formatDateRange } from '../../i18n/format.ts';
import { utcOffset, wallClock } from './event-time.ts';

/**
 * The days of an event at the venue, as the locale writes a range: `21 March 2025`, `22–24 September 2026`,
 * «14–25 июля 2025 г.» (the range is one text: the locale decides which parts it repeats).
 */
export function EventDates({ event }: { event: Pick<EventSummary, 'starts_at' | 'ends_at'> }) {
  const { locale } = useI18n();
  const { starts_at: start, ends_at: end } = event;
  return (
    <span className="event-dates">
      <time dateTime={start}>{formatDateRange(locale, wallClock(start), end ? wallClock(end) : null)}</time>
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

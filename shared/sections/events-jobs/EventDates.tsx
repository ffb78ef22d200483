import { useI18n } from '../../i18n/use-i18n.ts';
import type { EventWithDays, EventWithTimes } from './loaders.server.ts';
import { isOnline, utcOffset } from './event-time.ts';

/** The days of an event (`withDays`): `21 March 2025`, `22–24 September 2026`, «14–25 июля 2025 г.». */
export function EventDates({ event }: { event: EventWithDays }) {
  return (
    <span className="event-dates">
      <time dateTime={event.starts_at}>{event.daysText}</time>
    </span>
  );
}

/**
 * When an event happens (`withTimes`), in one compact text, and by whose clock: the venue's, with its offset when the
 * content gives one; an online event has no venue, so its times are in UTC, as the webinars' are, with the region's
 * hours beside them (`regionText`).
 */
export function EventWhen({ event }: { event: EventWithTimes }) {
  const { t } = useI18n();
  const offset = utcOffset(event.starts_at);
  return (
    <>
      <span className="event-dates">
        <time dateTime={event.starts_at}>{event.whenText}</time>
      </span>
      <span className="event__tz">
        {isOnline(event.location)
          ? '\u00a0UTC'
          : ` (${offset ? t('events.timezone', { offset }) : t('events.timezoneLocal')})`}
      </span>
      {event.regionText ? (
        <>
          {' '}
          <span className="event__region">{event.regionText}</span>
        </>
      ) : null}
    </>
  );
}

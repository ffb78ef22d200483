/** The one status rule of events and webinars (shared/schedule-status.server.ts, ADR 0135). */
import { describe, expect, it } from 'vitest';
import { scheduleStatus } from '../../../shared/schedule-status.server.ts';

describe('scheduleStatus', () => {
  const start = '2026-10-08T15:00:00+05:00'; // 10:00 UTC
  it.each([
    ['2026-10-08T09:59:59Z', 'upcoming'],
    ['2026-10-08T10:00:00Z', 'ongoing'],
    // to the end of its last day, as the lists keep it among the upcoming ones (ADR 0132's day)
    ['2026-10-08T23:59:59Z', 'ongoing'],
    ['2026-10-09T00:00:00Z', 'past'],
  ] as const)('at %s a one-day item is %s', (now, status) => {
    expect(scheduleStatus(start, '2026-10-08', new Date(now))).toBe(status);
  });

  it('keeps an item of several days ongoing until its last day is over', () => {
    expect(scheduleStatus('2026-09-22T09:30:00+05:00', '2026-09-24', new Date('2026-09-24T20:00:00Z'))).toBe('ongoing');
    expect(scheduleStatus('2026-09-22T09:30:00+05:00', '2026-09-24', new Date('2026-09-25T00:00:00Z'))).toBe('past');
  });
});

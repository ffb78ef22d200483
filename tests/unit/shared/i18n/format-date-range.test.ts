/** shared/i18n/format.server.ts: date ranges as each locale writes them, with the spaces that must not break. */
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateRange, keepTogether } from '../../../../shared/i18n/format.server.ts';

const NBSP = '\u00a0';
/** Spaces made visible: `·` for a non-breaking one, `_` for an ordinary one. */
const shown = (text: string) => text.replaceAll(NBSP, '·').replaceAll(' ', '_');

describe('formatDateRange', () => {
  it.each([
    // (a range within a month and across months: the events list, tests/integration/sections/events-jobs.test.ts)
    ['ru', '2025-12-28', '2026-01-03', '28·декабря_2025·г.·–_3·января_2026·г.'],
    ['en', '2025-12-28', '2026-01-03', '28·December_2025·–_3·January_2026'],
  ] as const)('%s: %s to %s reads %s', (locale, start, end, expected) => {
    expect(shown(formatDateRange(locale, start, end))).toBe(expected);
  });

  it.each([
    ['ru', '14·июля_2025·г.'],
    ['en', '14·July_2025'],
  ] as const)('is one date without an end or with an end on the same day (%s)', (locale, expected) => {
    expect(shown(formatDateRange(locale, '2025-07-14T09:00:00Z', null))).toBe(expected);
    expect(shown(formatDateRange(locale, '2025-07-14T09:00:00Z', '2025-07-14T18:00:00Z'))).toBe(expected);
    expect(shown(formatDate(locale, '2025-07-14T09:00:00Z'))).toBe(expected);
  });
});

describe('keepTogether', () => {
  it('keeps a number sign with its figure, a figure with its word, and the space before a dash', () => {
    expect(shown(keepTogether('ледник Восточный Зулмарт (№ 139)'))).toBe('ледник_Восточный_Зулмарт_(№·139)');
    expect(shown(keepTogether('2025 г.'))).toBe('2025·г.');
    expect(shown(keepTogether('июня – июля'))).toBe('июня·–_июля');
  });

  it('writes a range of days without spaces, never a range between a year and a day', () => {
    expect(keepTogether('14 \u2013 25')).toBe('14\u201325');
    expect(shown(keepTogether('2025 \u2013 3'))).toBe('2025·–_3');
  });
});

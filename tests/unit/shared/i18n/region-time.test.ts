/** shared/i18n/region-time.server.ts: the hours of an online event in UTC and at the region's capitals, both locales. */
import { describe, expect, it } from 'vitest';
import { formatWhen, regionTimes, regionTimesText, REGION_ZONES } from '../../../../shared/i18n/region-time.server.ts';

/** Non-breaking spaces as `·`, ordinary ones as `_`. */
const shown = (text: string) => text.replaceAll('\u00a0', '·').replaceAll(' ', '_');

describe('regionTimes', () => {
  it.each([
    ['ru', '14:00·Алматы,_Ташкент,_Душанбе,_Ашхабад_·_15:00·Бишкек'],
    ['en', '14:00·Almaty,_Tashkent,_Dushanbe,_Ashgabat_·_15:00·Bishkek'],
  ] as const)('groups the cities whose clocks agree, in the zones’ order (%s)', (locale, expected) => {
    expect(shown(regionTimesText(locale, '2026-12-08T09:00:00Z', null))).toBe(expected);
  });

  it.each([
    ['ru', '2026-12-08T09:00:00Z', '2026-12-08T11:00:00Z', '14:00–16:00·Алматы', '15:00–17:00·Бишкек'],
    ['en', '2025-07-14T09:00:00Z', '2025-07-25T18:00:00Z', '14:00–23:00·Almaty', '15:00–00:00·Bishkek'],
    ['ru', '2026-01-30T09:00:00Z', '2026-02-02T13:00:00Z', '14:00–18:00·Алматы', '15:00–19:00·Бишкек'],
  ] as const)('writes the hours of a range (%s, %s to %s)', (locale, start, end, first, last) => {
    const text = shown(regionTimesText(locale, start, end));
    expect(text.startsWith(first)).toBe(true);
    expect(text.endsWith(last)).toBe(true);
  });

  it.each([
    ['ru', '00:30·(9·декабря)'],
    ['en', '00:30·(9·December)'],
  ] as const)('names the local day when it is the next one in Bishkek (%s)', (locale, bishkek) => {
    const groups = regionTimes(locale, '2026-12-08T18:30:00Z', null);
    expect(groups.map((g) => shown(g.time))).toEqual(['23:30', bishkek]);
    expect(groups[1]?.cities).toBe(locale === 'ru' ? 'Бишкек' : 'Bishkek');
  });

  it('reads each offset from the zone for the instant, not from a table (Almaty was UTC+6 before March 2024)', () => {
    expect(REGION_ZONES.map((z) => z.zone)).toEqual([
      'Asia/Almaty',
      'Asia/Tashkent',
      'Asia/Dushanbe',
      'Asia/Ashgabat',
      'Asia/Bishkek',
    ]);
    expect(shown(regionTimesText('en', '2024-01-10T09:00:00Z', null))).toBe(
      '14:00·Tashkent,_Dushanbe,_Ashgabat_·_15:00·Almaty,_Bishkek',
    );
  });
});

describe('formatWhen', () => {
  it.each([
    ['ru', '2026-12-08T09:00:00Z', null, '8·декабря_2026·г.,_09:00'],
    ['en', '2026-12-08T09:00:00Z', '2026-12-08T11:00:00Z', '8·December_2026,_09:00–11:00'],
    ['ru', '2025-07-14T09:00:00Z', '2025-07-25T18:00:00Z', '14–25·июля_2025·г.,_09:00–18:00'],
    ['en', '2026-01-30T09:00:00Z', '2026-02-02T13:00:00Z', '30·January·–_2·February_2026,_09:00–13:00'],
    ['ru', '2026-01-30T09:00:00Z', '2026-02-02T13:00:00Z', '30·января·–_2·февраля_2026·г.,_09:00–13:00'],
  ] as const)('%s: %s to %s reads %s', (locale, start, end, expected) => {
    expect(shown(formatWhen(locale, start, end))).toBe(expected);
  });

  it('takes the days in the zone asked for', () => {
    expect(shown(formatWhen('en', '2026-12-08T18:30:00Z', null, 'Asia/Bishkek'))).toBe('9·December_2026,_00:30');
  });
});

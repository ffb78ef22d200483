import type { Translate } from '../../i18n/translate.ts';

const UNITS = ['files.size.kb', 'files.size.mb', 'files.size.gb'] as const;

/** A byte count for people: 1024-based units, one decimal below 10, whole numbers above (e.g. "2,4 МБ", "312 KB"). */
export function fileSize(bytes: number, t: Translate, number: (value: number) => string): string {
  if (bytes < 1024) return t('files.size.b', { size: number(bytes) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return t(UNITS[unit] ?? 'files.size.gb', { size: number(rounded) });
}

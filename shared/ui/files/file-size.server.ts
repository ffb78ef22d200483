import type { Locale } from '../../constants.ts';
import { formatNumber } from '../../i18n/format.server.ts';
import type { DatabaseFile } from '../../schemas/database-files.ts';

const UNITS = ['files.size.kb', 'files.size.mb', 'files.size.gb'] as const;

/**
 * A byte count for people: its figure in 1024-based units, one decimal below 10, whole numbers above, and the message
 * of its unit (`2,4` and `files.size.mb`: «2,4 МБ»; `312` and `files.size.kb`: "312 KB").
 */
export function fileSize(
  bytes: number,
  locale: Locale,
): { figure: string; unit: 'files.size.b' | (typeof UNITS)[number] } {
  if (bytes < 1024) return { figure: formatNumber(locale, bytes), unit: 'files.size.b' };
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return { figure: formatNumber(locale, rounded), unit: UNITS[unit] ?? 'files.size.gb' };
}

/** A database file as the file list shows it: with its size (`fileSize`). */
export const listedFile = (file: DatabaseFile, locale: Locale) => ({
  ...file,
  size: fileSize(file.size_bytes, locale),
});
export type ListedFile = ReturnType<typeof listedFile>;

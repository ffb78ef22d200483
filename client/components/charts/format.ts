import type { Locale } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';

const cache = new Map<string, Intl.NumberFormat>();

/** Decimal places of a number as JavaScript writes it (exponent notation included). */
function decimals(value: number): number {
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.min(20, Math.max(0, fraction - Number(exponent ?? 0)));
}

/**
 * A figure in the locale's notation with every decimal it has (Intl's default would round 2.234812 to 2.235):
 * the data are shown exactly as the content API gives them. Negative values get a true minus sign (U+2212).
 */
export function formatExact(locale: Locale, value: number, { grouping = true }: { grouping?: boolean } = {}): string {
  const digits = decimals(value);
  const key = `${locale}:${digits}:${grouping}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE_INFO[locale].intl, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: grouping,
    });
    cache.set(key, format);
  }
  return format.format(value).replace(/^-/, '\u2212');
}

/** `https://…` parts of a source text, so they can be shown as links; the rest stays text. */
export function splitUrls(text: string): { text: string; url: boolean }[] {
  const parts: { text: string; url: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    // a closing bracket or sentence punctuation right after a URL belongs to the text
    const url = match[0].replace(/[).,;:]+$/, '');
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), url: false });
    parts.push({ text: url, url: true });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), url: false });
  return parts;
}

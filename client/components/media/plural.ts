import type { Locale } from '../../../shared/constants.ts';
import { LOCALE_INFO } from '../../../shared/locales.ts';

const rules: Record<Locale, Intl.PluralRules> = {
  ru: new Intl.PluralRules(LOCALE_INFO.ru.intl),
  en: new Intl.PluralRules(LOCALE_INFO.en.intl),
};

/**
 * The key of a counted phrase: `{base}.one|few|many|other` by the locale's plural rules (the dictionaries define all
 * four in both locales).
 */
export function pluralKey(base: string, locale: Locale, count: number): string {
  return `${base}.${rules[locale].select(count)}`;
}

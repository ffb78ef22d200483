import type { Locale } from '../../constants.ts';
import { LOCALE_INFO } from '../../locales.ts';

const rules: Record<Locale, Intl.PluralRules> = {
  ru: new Intl.PluralRules(LOCALE_INFO.ru.intl),
  en: new Intl.PluralRules(LOCALE_INFO.en.intl),
};

/** The plural forms the dictionaries define (Russian and English need no others). */
export type PluralForm = 'one' | 'few' | 'many' | 'other';

/** The key of a counted phrase: `{base}.one|few|many|other` by the locale's plural rules. */
export function pluralKey<const Base extends string>(
  base: Base,
  locale: Locale,
  count: number,
): `${Base}.${PluralForm}` {
  const form = rules[locale].select(count);
  return `${base}.${form === 'one' || form === 'few' || form === 'many' ? form : 'other'}`;
}

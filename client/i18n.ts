import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Locale } from '../shared/constants.ts';
import { formatDate, formatDateTime, formatNumber } from '../shared/i18n/format.ts';
import { createTranslate, type Translate } from '../shared/i18n/translate.ts';
import type { rootLoader } from '../shared/router/root.server.ts';
import { ROOT_ROUTE_ID } from '../shared/router/route-tree.ts';
import { useRuntimeConfig } from './runtime-config.tsx';

export interface I18n {
  locale: Locale;
  t: Translate;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  number: (value: number) => string;
}

const EMPTY: Readonly<Record<string, string>> = {};

/**
 * The current locale's translator and formatters (formatters are created once per locale, not per render). The
 * dictionary travels with the layout's data (bundled strings merged with the upstream's), so the browser bundles none.
 */
export function useI18n(): I18n {
  const messages = useRootData()?.messages ?? EMPTY;
  const { locale } = useRuntimeConfig();
  return useMemo(
    () => ({
      locale,
      t: createTranslate(messages),
      date: (iso: string) => formatDate(locale, iso),
      dateTime: (iso: string) => formatDateTime(locale, iso),
      number: (value: number) => formatNumber(locale, value),
    }),
    [locale, messages],
  );
}

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>(ROOT_ROUTE_ID);
}

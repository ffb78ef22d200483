import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { Locale } from '../shared/constants.ts';
import { formatDate, formatDateTime, formatNumber } from '../shared/i18n/format.ts';
import { bundledMessages } from '../shared/i18n/messages.ts';
import { createTranslate, type Translate } from '../shared/i18n/translate.ts';
import type { RootData } from '../shared/routes/root.ts';
import { ROOT_ROUTE_ID } from '../shared/routes/table.ts';
import { useAppConfig } from './app-config.tsx';

export interface I18n {
  locale: Locale;
  t: Translate;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
  number: (value: number) => string;
}

/** The current locale's translator and formatters (formatters are created once per locale, not per render). */
export function useI18n(): I18n {
  const root = useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
  const { locale } = useAppConfig();
  const messages = root?.messages ?? bundledMessages[locale];
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

export function useRootData(): RootData | undefined {
  return useRouteLoaderData(ROOT_ROUTE_ID) as RootData | undefined;
}

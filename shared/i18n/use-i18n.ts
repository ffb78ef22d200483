import { useMemo } from 'react';
import { useMatches, useRouteLoaderData } from 'react-router';
import type { Locale } from '../constants.ts';
import { createTranslate, oncePerPair, type Translate } from './translate.ts';
import type { Dictionary } from './messages.ts';
import type { rootLoader } from '../router/root.server.ts';
import { isStringsRouteId, ROOT_ROUTE_ID } from '../router/route-ids.ts';
import type { SectionStringsLoader } from '../router/strings.server.ts';
import { useRuntimeConfig } from '../ui/runtime-config.tsx';

export interface I18n {
  locale: Locale;
  t: Translate;
}

const EMPTY: Dictionary = {};

/** The layout's strings and a section's, merged once per pair (not per component). */
const merged = oncePerPair((layout: Dictionary, section: Dictionary): Dictionary => ({ ...layout, ...section }));
const withSection = (layout: Dictionary, section: Dictionary | undefined) =>
  section ? merged(layout, section) : layout;

/**
 * The current locale and its translator. Dates and figures come formatted with the loaders' data (ADR 0123). The
 * layout's strings travel with the layout's data and the page's section's with its strings route (bundled strings
 * merged with the upstream's, ADR 0081), so the browser bundles none and a page carries no other section's.
 */
export function useI18n(): I18n {
  const layout = useRootData()?.messages ?? EMPTY;
  const stringsId = useMatches().find((match) => isStringsRouteId(match.id))?.id ?? '';
  const section = useRouteLoaderData<SectionStringsLoader>(stringsId);
  const messages = withSection(layout, section);
  const { locale } = useRuntimeConfig();
  return useMemo(() => ({ locale, t: createTranslate(messages) }), [locale, messages]);
}

export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>(ROOT_ROUTE_ID);
}

import type { LoaderFunctionArgs } from 'react-router';
import { apiContext } from './context.ts';
import type { CallResult } from '../api/calls.ts';
import type { Locale } from '../constants.ts';
import { layoutMessages, withUpstreamTexts, type Dictionary } from '../i18n/messages.ts';

async function settle<T>(call: () => Promise<T>, fallback: T) {
  try {
    return { ok: true as const, value: await call() };
  } catch {
    // the server's ApiPort has logged the failure; the chrome renders with what it has
    return { ok: false as const, value: fallback };
  }
}

type Settled<T> = Awaited<ReturnType<typeof settle<T>>>;

const byPosition = <T extends { position: number }>(items: T[]) => [...items].sort((a, b) => a.position - b.position);

function layoutData(
  locale: Locale,
  bundled: Dictionary,
  translations: CallResult<'translations'>,
  menu: CallResult<'mainMenu'>,
  footerPartners: CallResult<'footerPartners'>,
  socialNetworks: CallResult<'socialNetworks'>,
  feedbackTypes: CallResult<'feedbackTypes'>,
) {
  return Object.freeze({
    locale,
    // the layout's strings only: a section's travel with its strings route (shared/router/strings.server.ts)
    messages: withUpstreamTexts(bundled, translations.data),
    menu: menu.data,
    footerPartners: byPosition(footerPartners.data),
    socialNetworks: byPosition(socialNetworks.data),
    feedbackTypes: byPosition(feedbackTypes.data),
  });
}
type LayoutData = ReturnType<typeof layoutData>;

/** The last layout data of each locale and the upstream values it was made from. */
const lastByLocale = new Map<Locale, { inputs: unknown[]; data: LayoutData }>();

/** Layout data: dictionary, menu and footer. Never throws, so header and footer render even on error pages. */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<LayoutData> {
  const api = context.get(apiContext);
  const [bundled, translations, menu, footerPartners, socialNetworks, feedbackTypes] = await Promise.all([
    layoutMessages(api.locale),
    settle(() => api.get('translations'), { data: {} }),
    settle(() => api.get('mainMenu'), { data: [] }),
    settle(() => api.get('footerPartners'), { data: [] }),
    settle(() => api.get('socialNetworks'), { data: [] }),
    settle(() => api.get('feedbackTypes'), { data: [] }),
  ]);
  const settled: Settled<unknown>[] = [translations, menu, footerPartners, socialNetworks, feedbackTypes];
  // the upstream cache hands back the same objects until they change: then the layout data is the same object too
  // (and so is its serialization, shared/serialize.ts) instead of a dictionary merge and four sorts per request
  const inputs = [bundled, ...settled.map((s) => s.value)];
  const last = lastByLocale.get(api.locale);
  if (last && last.inputs.every((input, i) => input === inputs[i])) return last.data;
  const data = layoutData(
    api.locale,
    bundled,
    translations.value,
    menu.value,
    footerPartners.value,
    socialNetworks.value,
    feedbackTypes.value,
  );
  // a failed call's fallback is a new object each time: such data is never reused
  if (settled.every((s) => s.ok)) lastByLocale.set(api.locale, { inputs, data });
  return data;
}
export type RootData = LayoutData;

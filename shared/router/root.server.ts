import type { LoaderFunctionArgs } from 'react-router';
import { apiContext } from './context.ts';
import type { CallResult } from '../api/calls.ts';
import { byPosition } from '../schemas/common.ts';
import type { Locale } from '../constants.ts';
import { layoutMessages, withUpstreamTexts, type Dictionary } from '../i18n/messages.ts';

/** What the layout shows on every page: its dictionary (a section's strings have their own route), menu, footer. */
export interface LayoutData {
  readonly locale: Locale;
  readonly messages: Dictionary;
  readonly menu: CallResult<'mainMenu'>['data'];
  readonly footerPartners: CallResult<'footerPartners'>['data'];
  readonly socialNetworks: CallResult<'socialNetworks'>['data'];
  readonly feedbackTypes: CallResult<'feedbackTypes'>['data'];
}

async function settle<T>(call: () => Promise<T>, fallback: T) {
  try {
    return { ok: true, value: await call() };
  } catch {
    // the server's ApiPort has logged the failure; the chrome renders with what it has
    return { ok: false, value: fallback };
  }
}

/** The last layout data of each locale and the upstream values it was made from. */
const lastByLocale = new Map<Locale, { inputs: unknown[]; data: LayoutData }>();

/** Layout data (ADR 0081: the layout's strings only). Never throws, so header and footer render even on error pages. */
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
  const settled = [translations, menu, footerPartners, socialNetworks, feedbackTypes];
  // the upstream cache hands back the same objects until they change: then the layout data is the same object too
  // (and so is its serialization, shared/serialize.ts) instead of a dictionary merge and four sorts per request
  const inputs = [bundled, ...settled.map((s) => s.value)];
  const last = lastByLocale.get(api.locale);
  if (last && last.inputs.every((input, i) => input === inputs[i])) return last.data;
  const data: LayoutData = Object.freeze({
    locale: api.locale,
    messages: withUpstreamTexts(bundled, translations.value.data),
    menu: menu.value.data,
    footerPartners: byPosition(footerPartners.value.data),
    socialNetworks: byPosition(socialNetworks.value.data),
    feedbackTypes: byPosition(feedbackTypes.value.data),
  });
  // a failed call's fallback is a new object each time: such data is never reused
  if (settled.every((s) => s.ok)) lastByLocale.set(api.locale, { inputs, data });
  return data;
}

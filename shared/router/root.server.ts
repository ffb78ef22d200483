import type { LoaderFunctionArgs } from 'react-router';
import { apiContext } from './context.ts';
import { bundledMessages } from '../i18n/messages.ts';

async function settle<T>(call: () => Promise<T>, fallback: T) {
  try {
    return { ok: true as const, value: await call() };
  } catch {
    // the server's ApiPort has logged the failure; the chrome renders with what it has
    return { ok: false as const, value: fallback };
  }
}

/** Layout data: dictionary, menu and footer. Never throws, so header and footer render even on error pages. */
export async function rootLoader({ context }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  const [translations, menu, footerPartners, socialNetworks, feedbackTypes] = await Promise.all([
    settle(() => api.get('translations'), { data: {} }),
    settle(() => api.get('mainMenu'), { data: [] }),
    settle(() => api.get('footerPartners'), { data: [] }),
    settle(() => api.get('socialNetworks'), { data: [] }),
    settle(() => api.get('feedbackTypes'), { data: [] }),
  ]);
  const byPosition = <T extends { position: number }>(items: T[]) => [...items].sort((a, b) => a.position - b.position);
  return {
    locale: api.locale,
    messages: { ...(await bundledMessages(api.locale)), ...translations.value.data },
    menu: menu.value.data,
    footerPartners: byPosition(footerPartners.value.data),
    socialNetworks: byPosition(socialNetworks.value.data),
    feedbackTypes: byPosition(feedbackTypes.value.data),
  };
}
export type RootData = Awaited<ReturnType<typeof rootLoader>>;

import type { Locale } from '../constants.ts';
import { withPublished, type Published } from '../i18n/format.server.ts';
import type { NewsSummary } from '../schemas/news.ts';

/** A news item as its card shows it: with the day it was published as the locale writes it. */
export type NewsCardItem = Published<NewsSummary>;

const cards = new WeakMap<NewsSummary, Partial<Record<Locale, NewsCardItem>>>();

/**
 * A loader's news item for `<NewsCard>`, made once per item object and locale: the upstream cache hands back the same
 * object until the item changes, so the card's item is the same object too and the server renders the card once
 * (`Card`'s `reuse`, ADR 0080).
 */
export function newsCard(item: NewsSummary, locale: Locale): NewsCardItem {
  let byLocale = cards.get(item);
  if (!byLocale) cards.set(item, (byLocale = {}));
  return (byLocale[locale] ??= withPublished(item, locale));
}

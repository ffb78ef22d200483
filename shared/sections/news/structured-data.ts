/** The news section's JSON-LD (server only, ADR 0076; see shared/ui/structured-data.ts). */
import { imageOf, type JsonLdObject, notInBrowser, siteUrl, thePortal } from '../../ui/structured-data.ts';
import type { Locale } from '../../constants.ts';
import type { NewsDetail } from '../../schemas/news.ts';

/** `/news/{slug}`: NewsDetailLoader's `item`. */
function newsArticleBuilder(item: NewsDetail, origin: string, locale: Locale): JsonLdObject {
  const url = siteUrl(origin, locale, `/news/${item.slug}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: item.title.slice(0, 110),
    description: item.excerpt,
    datePublished: item.published_at,
    inLanguage: locale,
    url,
    mainEntityOfPage: url,
    image: imageOf(origin, locale, item.image, `/news/${item.slug}`),
    keywords: item.tags.map((t) => t.title).join(', ') || undefined,
    author: thePortal(origin, locale),
    publisher: { ...thePortal(origin, locale), logo: { '@type': 'ImageObject', url: `${origin}/icon-512.png` } },
  };
}

export const newsArticle: typeof newsArticleBuilder = import.meta.env.SSR ? newsArticleBuilder : notInBrowser;
